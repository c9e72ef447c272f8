import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrainingDto, TrainingFormInput } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** POST /api/trainings: creates a training, or updates one when `id` is given (positions as ids). */
export async function saveTraining(input: TrainingFormInput): Promise<TrainingDto> {
  return (await apiClient.post<{ success: TrainingDto }>('/trainings', input)).success;
}

export function useSaveTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTraining,
    // The positions list shows each position's trainings.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.trainings }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.positions }),
      ]),
  });
}
