import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssessmentDto, AssessmentFields, PriorityLineInput } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { assessmentKeys } from './keys';
import { submissionBody } from './submission';

export interface UpdateAssessmentInput {
  id: number;
  /** The version the edit started from; 409 conflict.staleVersion when someone saved since. */
  version: number;
  data: AssessmentFields;
  priorities: PriorityLineInput[];
}

/** POST /api/tnas/update (multipart, with id and version inside `data`). */
export async function updateAssessment({ id, version, data, priorities }: UpdateAssessmentInput) {
  return (
    await apiClient.post<{ success: AssessmentDto }>(
      '/tnas/update',
      submissionBody({ ...data, id, version }, priorities),
    )
  ).success;
}

export function useUpdateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssessment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
