import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { assessmentKeys } from './keys';

/** GET /api/tnas/histories/bystaffid/{id}: the status changes of an assessment, oldest first. */
export function historiesQueryOptions(id: number) {
  return queryOptions({
    queryKey: assessmentKeys.histories(id),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<HistoryDto>>(`/tnas/histories/bystaffid/${id}`, { signal })).data,
  });
}

export function useHistories(id: number) {
  return useQuery({ ...historiesQueryOptions(id), enabled: id > 0 });
}
