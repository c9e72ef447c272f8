import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionDto, PositionFormInput } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** POST /api/positions: creates a position, or updates one when `id` is given (trainings as ids). */
export async function savePosition(input: PositionFormInput): Promise<PositionDto> {
  return (await apiClient.post<{ success: PositionDto }>('/positions', input)).success;
}

export function useSavePosition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePosition,
    // The trainings list shows the positions each training serves.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.positions }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.trainings }),
      ]),
  });
}
