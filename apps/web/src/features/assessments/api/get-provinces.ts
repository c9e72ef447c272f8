import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnitDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { lookupKeys } from './keys';

/** GET /api/provinces. */
export function provincesQueryOptions() {
  return queryOptions({
    queryKey: lookupKeys.provinces,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<AdminUnitDto>>('/provinces', { signal })).data,
    staleTime: 10 * 60_000,
  });
}

export function useProvinces() {
  return useQuery(provincesQueryOptions());
}
