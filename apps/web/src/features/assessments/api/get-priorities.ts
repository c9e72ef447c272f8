import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PriorityDto } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** GET /api/tnas/priorities/bystaffid/{id}: the ranked training needs of an assessment. */
export function prioritiesQueryOptions(id: number) {
  return queryOptions({
    queryKey: assessmentKeys.priorities(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<PriorityDto>>(`/tnas/priorities/bystaffid/${id}`, { signal })).data,
  });
}

export function usePriorities(id: number) {
  return useQuery({ ...prioritiesQueryOptions(id), enabled: id > 0 });
}
