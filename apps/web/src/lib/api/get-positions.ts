import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PositionDto } from '@tna/domain';
import { apiClient } from '../api-client';
import { referenceKeys } from './reference-keys';

/** GET /api/positions: each with its department and trainings. */
export function positionsQueryOptions() {
  return queryOptions({
    queryKey: referenceKeys.positions,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<PositionDto>>('/positions', { signal })).data,
  });
}

export function usePositions() {
  return useQuery(positionsQueryOptions());
}
