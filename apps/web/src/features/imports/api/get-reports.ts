import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportKind, ImportReportDto, ListResponse } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

export const importReportsKey = (kind: ImportKind) => ['imports', 'reports', kind] as const;

/** GET /api/imports/{kind}/reports: the latest dry runs and imports (admins). */
export function importReportsOptions(kind: ImportKind) {
  return queryOptions({
    queryKey: importReportsKey(kind),
    queryFn: async ({ signal }) =>
      (await apiClient.get<ListResponse<ImportReportDto>>(`/imports/${kind}/reports`, { signal })).data,
  });
}

export function useImportReports(kind: ImportKind) {
  return useQuery(importReportsOptions(kind));
}
