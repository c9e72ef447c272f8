import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagedResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

export interface ErrorLogDto {
  id: number;
  created_at: string;
  method: string;
  route: string | null;
  url: string;
  status_code: number;
  message: string;
  stack: string | null;
  user_id: number | null;
  request_id: string | null;
}

/** GET /api/logs/error-logs (admin only): the raw error entries, newest first. */
export function errorLogsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['logs', 'error-logs', page] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<PagedResponse<ErrorLogDto>>(`/logs/error-logs?page=${page}`, { signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useErrorLogs(page: number) {
  return useQuery(errorLogsQueryOptions(page));
}
