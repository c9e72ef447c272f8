import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FacilityDto, ListResponse } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/hospitals/bydistrictid/{districtId}: the health facilities of a district. */
export function hospitalsByDistrictQueryOptions(districtId: number) {
  return queryOptions({
    queryKey: referenceKeys.hospitalsByDistrict(districtId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<FacilityDto>>(`/hospitals/bydistrictid/${districtId}`, { signal })).data,
  });
}

/** Nothing is fetched until a district is chosen. */
export function useHospitalsByDistrict(districtId: number | null) {
  return useQuery({
    ...hospitalsByDistrictQueryOptions(districtId ?? 0),
    enabled: districtId !== null && districtId > 0,
  });
}
