import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUnitDto, ListResponse } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/provinces/districts/{provinceId}: a province's districts. */
export function districtsQueryOptions(provinceId: number) {
  return queryOptions({
    queryKey: referenceKeys.districts(provinceId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<AdminUnitDto>>(`/provinces/districts/${provinceId}`, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** The districts of the chosen province; nothing is fetched until one is chosen. */
export function useDistricts(provinceId: number | null) {
  return useQuery({ ...districtsQueryOptions(provinceId ?? 0), enabled: provinceId !== null && provinceId > 0 });
}
