import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartmentDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { lookupKeys } from './keys';

/** GET /api/departments. */
export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: lookupKeys.departments,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<DepartmentDto>>('/departments', { signal })).data,
  });
}

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
