import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentDto } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** GET /api/tnas/bystaffid/{id}: one assessment with the names of its places, department and position. */
export function assessmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: AssessmentDto }>(`/tnas/bystaffid/${id}`, { signal })).data,
  });
}

export function useAssessment(id: number) {
  return useQuery({ ...assessmentQueryOptions(id), enabled: id > 0 });
}
