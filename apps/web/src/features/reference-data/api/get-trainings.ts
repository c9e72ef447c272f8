import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, TrainingDto } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** GET /api/trainings: each with its department and positions. */
export function trainingsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.trainings,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<TrainingDto>>('/trainings', { signal })).data,
  });
}

export function useTrainings() {
  return useQuery(trainingsQueryOptions());
}
