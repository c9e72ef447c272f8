import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentRowDto, PagedResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** GET /api/tnas/myforms/{status}?page: the signed-in user's own forms of a status (SPEC: used with NEW). */
export function myFormsQueryOptions(status: string, page: number) {
  return queryOptions({
    queryKey: assessmentKeys.myForms(status, page),
    queryFn: async ({ signal }) =>
      (await apiClient.get<PagedResponse<AssessmentRowDto>>(`/tnas/myforms/${status}?page=${page}`, { signal })).data,
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useMyForms(status: string, page: number) {
  return useQuery(myFormsQueryOptions(status, page));
}
