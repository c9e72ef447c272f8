import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '@tna/domain';
import { apiClient, toQueryString } from '../../../lib/api-client';
import { apiErrorFrom } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-storage';
import { currentLanguage } from '../../../lib/i18n';

export interface AnalyticsFilters {
  province?: string | null;
  department?: string | null;
  position?: string | null;
}
export interface KeyedCount {
  key: string | null;
  number: number;
}
export interface AnalyticsSummary {
  status: KeyedCount[];
  province: KeyedCount[];
  gender: KeyedCount[];
  education_level: KeyedCount[];
  experience: KeyedCount[];
}
export interface TrainingNeed {
  id: number;
  title_en: string;
  title_dr: string | null;
  title_pa: string | null;
  department: string;
  department_dr: string | null;
  department_pa: string | null;
  score: number;
  requests: number;
  first_choice: number;
}

export function useAnalyticsConfig() {
  return useQuery(
    queryOptions({
      queryKey: ['analytics', 'config'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<{ data: { embed_url: string | null } }>('/analytics/config', { signal })).data,
      staleTime: 10 * 60_000,
    }),
  );
}

export function useAnalyticsSummary(filters: AnalyticsFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'summary', filters] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: AnalyticsSummary }>(`/analytics/summary?${toQueryString(filters)}`, { signal }))
        .data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTrainingNeeds(filters: AnalyticsFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['analytics', 'trainings', filters] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: TrainingNeed[] }>(`/analytics/trainings?${toQueryString(filters)}`, { signal }))
        .data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/analytics/trainings/export: the ranking as an xlsx file, saved under the server's name. */
export async function downloadTrainingNeeds(filters: AnalyticsFilters): Promise<void> {
  const headers = new Headers({ 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE_PATH}/analytics/trainings/export?${toQueryString(filters)}`, { headers });
  if (!response.ok) throw apiErrorFrom(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'training_needs_export.xlsx';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
