import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, UserDto } from '@tna/domain';
import { apiClient } from '../api-client';

export const usersQueryKey = ['users'] as const;

/** GET /api/users (admin only). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<UserDto>>('/users', { signal })).data,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
