import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnitDto, ListResponse } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/provinces: the 34 provinces. */
export function provincesQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.provinces,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<AdminUnitDto>>('/provinces', { signal })).data,
    staleTime: 10 * 60_000,
  });
}

export function useProvinces() {
  return useQuery(provincesQueryOptions());
}
