import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, TrainingDto } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/trainings/bydepartment/{id}: the trainings a department offers. */
export function trainingsByDepartmentQueryOptions(departmentId: number) {
  return queryOptions({
    queryKey: referenceKeys.trainingsByDepartment(departmentId),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<TrainingDto>>(`/trainings/bydepartment/${departmentId}`, { signal })).data,
  });
}

/** Nothing is fetched until a department is chosen. */
export function useTrainingsByDepartment(departmentId: number | null) {
  return useQuery({
    ...trainingsByDepartmentQueryOptions(departmentId ?? 0),
    enabled: departmentId !== null && departmentId > 0,
  });
}
