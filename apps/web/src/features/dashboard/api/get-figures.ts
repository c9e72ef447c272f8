import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD_REFRESH_MS } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

export interface StatusFigure {
  status: string;
  total: number;
}
export interface ProvinceFigure {
  id: number;
  name: string;
  name_fa: string | null;
  name_ps: string | null;
  number: number;
}
export interface DepartmentFigure {
  id: number;
  name: string;
  name_dr: string | null;
  name_pa: string | null;
  number: number;
}
export interface CoreStats {
  assessments: number;
  approved: number;
  awaiting_review: number;
  rejected: number;
  provinces_covered: number;
  facilities_covered: number;
  health_facilities: number;
  trainings: number;
  users: number;
}

function figures<T>(path: string) {
  return queryOptions({
    queryKey: ['dashboard', path] as const,
    queryFn: async ({ signal }) => (await apiClient.get<{ data: T }>(path, { signal })).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
    staleTime: 0,
  });
}

export const useStatusFigures = () => useQuery(figures<StatusFigure[]>('/tnas/status/figures'));
export const useProvinceFigures = () => useQuery(figures<ProvinceFigure[]>('/tnas/byprovince/figures'));
export const useDepartmentFigures = () => useQuery(figures<DepartmentFigure[]>('/tnas/bydepartment/figures'));
export const useCoreStats = () => useQuery(figures<CoreStats>('/stats/core'));
