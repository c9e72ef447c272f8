import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/trainings/{id}; 409 when assessment priority lines use it. */
export async function deleteTraining(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/trainings/${id}`);
}

export function useDeleteTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTraining,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.trainings }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.positions }),
      ]),
  });
}
