import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/hospitals/{id}; 409 when assessments use it. */
export async function deleteHospital(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/hospitals/${id}`);
}

export function useDeleteHospital() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHospital,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.hospitals }),
  });
}
