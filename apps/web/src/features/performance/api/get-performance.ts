import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, toQueryString } from '../../../lib/api-client';

export interface DateRange {
  /** Inclusive days, YYYY-MM-DD. */
  from?: string | null;
  to?: string | null;
}
export interface DataEntryRow {
  id: number;
  name: string;
  staff_count: number;
}
export interface ValidationRow {
  id: number;
  name: string;
  to_status: string;
  tna_count: number;
}

function performance<T>(kind: string, range: DateRange) {
  return queryOptions({
    queryKey: ['performance', kind, range] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: T[] }>(`/performance/${kind}?${toQueryString(range)}`, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const useDataEntryPerformance = (range: DateRange) => useQuery(performance<DataEntryRow>('bydataentry', range));
export const useValidationPerformance = (range: DateRange) =>
  useQuery(performance<ValidationRow>('byvalidation', range));
