import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/provinces/districts/{id}; 409 when facilities or assessments use it. */
export async function deleteDistrict(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/provinces/districts/${id}`);
}

export function useDeleteDistrict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDistrict,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.provinces }),
  });
}
