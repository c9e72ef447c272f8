import { useQueries } from '@tanstack/react-query';
import type { TrainingDto } from '@tna/domain';
import { trainingsByDepartmentQueryOptions } from '../../../lib/api/get-trainings-by-department';

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
