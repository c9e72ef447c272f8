import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnitDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { lookupKeys } from './keys';

/** GET /api/provinces/districts/{provinceId}. */
export function districtsQueryOptions(provinceId: number) {
  return queryOptions({
    queryKey: lookupKeys.districts(provinceId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<AdminUnitDto>>(`/provinces/districts/${provinceId}`, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Nothing is fetched until a province is chosen. */
export function useDistricts(provinceId: number | null) {
  return useQuery({ ...districtsQueryOptions(provinceId ?? 0), enabled: provinceId !== null && provinceId > 0 });
}
