import type { DuplicateCheckInput, DuplicateMatchDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/tnas/duplicates: forms not archived with the same tazkira, or the same name, father name
 * and birth year in the same facility. `id` leaves the form being edited out. Forms the caller may not
 * open come only as where they were entered (`restricted`).
 */
export async function checkDuplicates(input: DuplicateCheckInput): Promise<DuplicateMatchDto[]> {
  return (await apiClient.post<ListResponse<DuplicateMatchDto>>('/tnas/duplicates', input)).data;
}
