import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, PositionDto } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { lookupKeys } from './keys';

/** GET /api/positions: each with its department. */
export function positionsQueryOptions() {
  return queryOptions({
    queryKey: lookupKeys.positions,
    queryFn: async ({ signal }) => (await apiClient.get<ListResponse<PositionDto>>('/positions', { signal })).data,
  });
}

export function usePositions() {
  return useQuery(positionsQueryOptions());
}
