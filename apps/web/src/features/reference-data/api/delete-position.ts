import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/positions/{id}; 409 when assessments use it. */
export async function deletePosition(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/positions/${id}`);
}

export function useDeletePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePosition,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.positions }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.trainings }),
      ]),
  });
}
