import type { AssessmentRowDto, DuplicateCheckInput, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/tnas/duplicates: forms not archived with the same tazkira, or the same name, father name
 * and birth year in the same facility. `id` leaves the form being edited out.
 */
export async function checkDuplicates(input: DuplicateCheckInput): Promise<AssessmentRowDto[]> {
  return (await apiClient.post<ListResponse<AssessmentRowDto>>('/tnas/duplicates', input)).data;
}
