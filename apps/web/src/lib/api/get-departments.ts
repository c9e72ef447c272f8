import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepartmentDto, ListResponse } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/departments. */
export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.departments,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<DepartmentDto>>('/departments', { signal })).data,
  });
}

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
