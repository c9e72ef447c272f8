import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ListResponse, TrainingDto } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { lookupKeys } from './keys';

/** GET /api/trainings/bydepartment/{departmentId}: the trainings a department offers. */
export function trainingsByDepartmentQueryOptions(departmentId: number) {
  return queryOptions({
    queryKey: lookupKeys.trainingsByDepartment(departmentId),
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

/** The trainings of several departments at once (to name the trainings of the added priority rows), by id. */
export function useTrainingsOfDepartments(departmentIds: readonly number[]): Map<number, TrainingDto> {
  return useQueries({
    queries: [...new Set(departmentIds)].filter((id) => id > 0).map((id) => trainingsByDepartmentQueryOptions(id)),
    combine: (results) => {
      const byId = new Map<number, TrainingDto>();
      for (const result of results) for (const training of result.data ?? []) byId.set(training.id, training);
      return byId;
    },
  });
}
