import { API_BASE_PATH, type Language } from '@tna/domain';
import { apiErrorFrom } from '../../../lib/api-error';
import { getToken } from '../../../lib/auth-storage';
import { handleUnauthorized } from '../../../lib/session';

/** The file name of a Content-Disposition header, or null. */
function fileNameOf(disposition: string | null): string | null {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() || null;
}

/**
 * A workbook of the imports (a template or a report), fetched with the bearer token and saved under
 * the server's file name.
 */
export async function downloadWorkbook(path: string, language: Language, fallbackName: string): Promise<void> {
  const headers = new Headers({ Accept: '*/*', 'Accept-Language': language });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${API_BASE_PATH}${path}`, { headers });
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    throw apiErrorFrom(response.status, await response.json().catch(() => null));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const templatePath = (kind: string, language: Language) => `/imports/${kind}/template?lang=${language}`;
export const reportPath = (id: number) => `/imports/reports/${id}`;
