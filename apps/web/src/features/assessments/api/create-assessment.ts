import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssessmentDto, AssessmentFields, PriorityLineInput } from '@tna/domain';
import { apiRequest } from '../../../lib/api-client';
import { assessmentKeys } from './keys';
import { submissionBody } from './submission';

export interface CreateAssessmentInput {
  data: AssessmentFields;
  priorities: PriorityLineInput[];
  /**
   * One key per draft, sent again on a retry: when the first attempt reached the server but its
   * answer was lost, the retry answers that first result and creates nothing twice.
   */
  idempotencyKey: string;
}

/** POST /api/tnas (multipart). */
export async function createAssessment({ data, priorities, idempotencyKey }: CreateAssessmentInput) {
  return (
    await apiRequest<{ success: AssessmentDto }>('/tnas', {
      method: 'POST',
      body: submissionBody(data, priorities),
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).success;
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}
