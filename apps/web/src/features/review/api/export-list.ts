import { API_BASE_PATH, type AssessmentStatus, EXPORT_PREFIXES, type Language } from '@tna/domain';
import { toQueryString, withChangeMark } from '../../../lib/api-client';
import { apiErrorFrom } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-storage';
import { handleUnauthorized } from '../../../lib/session';
import { fileNameOf } from './file-name';

export interface ExportFilters {
  province: number | null;
  district: number | null;
  health_facility: number | null;
  lang: Language;
}

/**
 * GET /api/tnas/export/{status} with the list's filters: the .xlsx file, fetched with the bearer
 * token and saved under the server's file name.
 */
export async function exportList(status: AssessmentStatus, filters: ExportFilters): Promise<string> {
  const headers = new Headers({ Accept: '*/*', 'Accept-Language': filters.lang });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  withChangeMark(headers);
  const response = await fetch(`${API_BASE_PATH}/tnas/export/${status}?${toQueryString(filters)}`, { headers });
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // not JSON
    }
    throw apiErrorFrom(response.status, body);
  }
  const blob = await response.blob();
  const name =
    fileNameOf(response.headers.get('Content-Disposition')) ?? `${EXPORT_PREFIXES[status]}_export_${Date.now()}.xlsx`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
