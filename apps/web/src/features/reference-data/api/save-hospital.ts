import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FacilityDto, FacilityFormInput } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** POST /api/hospitals: creates a health facility, or updates one when `id` is given. */
export async function saveHospital(input: FacilityFormInput): Promise<FacilityDto> {
  return (await apiClient.post<{ success: FacilityDto }>('/hospitals', input)).success;
}

export function useSaveHospital() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHospital,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.hospitals }),
  });
}
