import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FacilityDto, FacilitySort, Language, PagedResponse } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient, toQueryString } from '../../../lib/api-client';

export interface HospitalsQuery {
  page: number;
  sort: FacilitySort;
  direction: 'asc' | 'desc';
  /** Province and district columns sort by this language's names. */
  lang: Language;
  province_id?: number | null;
  district_id?: number | null;
  type?: string | null;
  status?: string | null;
  /** Name or code. */
  search?: string;
}

/** GET /api/hospitals: one page, sorted and filtered by the server across all pages. */
export function hospitalsQueryOptions(query: HospitalsQuery) {
  return queryOptions({
    queryKey: [...referenceKeys.hospitals, 'page', query] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<PagedResponse<FacilityDto>>(`/hospitals?${toQueryString(query)}`, { signal })).data,
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useHospitals(query: HospitalsQuery) {
  return useQuery(hospitalsQueryOptions(query));
}
