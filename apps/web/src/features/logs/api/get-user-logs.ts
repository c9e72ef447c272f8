import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto, PagedResponse } from '@tna/domain';
import { apiClient, toQueryString } from '../../../lib/api-client';

export interface UserLogsQuery {
  page: number;
  user_id?: number | null;
  model?: string | null;
  event?: string | null;
  /** Inclusive days, YYYY-MM-DD. */
  from?: string | null;
  to?: string | null;
}

/** GET /api/logs/user-logs (admin only): the audit trail, newest first, one page at a time. */
export function userLogsQueryOptions(query: UserLogsQuery) {
  return queryOptions({
    queryKey: ['logs', 'user-logs', query] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<PagedResponse<AuditEntryDto>>(`/logs/user-logs?${toQueryString(query)}`, { signal })).data,
    placeholderData: keepPreviousData,
    // Every write elsewhere adds entries: opening the screen always asks again.
    staleTime: 0,
  });
}

export function useUserLogs(query: UserLogsQuery) {
  return useQuery(userLogsQueryOptions(query));
}
