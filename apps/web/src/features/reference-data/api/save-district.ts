import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUnitDto, DistrictFormInput } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** POST /api/provinces/districts: adds a district, or renames/moves one when `id` is given. */
export async function saveDistrict(input: DistrictFormInput): Promise<AdminUnitDto> {
  return (await apiClient.post<{ success: AdminUnitDto }>('/provinces/districts', input)).success;
}

export function useSaveDistrict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDistrict,
    // Districts of every province (a district may move), and facility lists that show district names.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.provinces }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.hospitals }),
      ]),
  });
}
