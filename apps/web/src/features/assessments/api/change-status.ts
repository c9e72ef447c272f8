import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssessmentDto, ChangeStatusInput } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { announceChange } from '../../../lib/cross-tab';
import { assessmentKeys } from './keys';

/** POST /api/tnas/changestatus: a move of SPEC 4 (remarks required), with its history entry. */
export async function changeStatus(input: ChangeStatusInput): Promise<AssessmentDto> {
  return (await apiClient.post<{ success: AssessmentDto }>('/tnas/changestatus', input)).success;
}

/** After a move: every list and form read again, in this tab and the others. */
export function refreshAfterMove(queryClient: QueryClient): Promise<void> {
  announceChange(assessmentKeys.all);
  return queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
}

export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeStatus, onSuccess: () => refreshAfterMove(queryClient) });
}
