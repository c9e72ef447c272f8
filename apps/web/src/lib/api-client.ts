import { API_BASE_PATH } from '@tna/domain';
import { ApiError, apiErrorFrom } from './api-error';
import { getToken } from './auth-storage';
import { currentLanguage } from './i18n';
import { handleUnauthorized } from './session';

export { ApiError } from './api-error';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** JSON-serialisable value, or FormData for multipart calls. */
  body?: unknown;
  signal?: AbortSignal;
  /** The login call answers 401 for wrong credentials; that must not sign anybody out. */
  signOutOnUnauthorized?: boolean;
  /** Extra request headers (for example `Idempotency-Key`). */
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One call to the API under /api, with the bearer token and the active language. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, signOutOnUnauthorized = true } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { method, headers, body: payload, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK', message: 'Network error' });
  }

  const data = await readBody(response);
  if (response.ok) return data as T;
  if (response.status === 401 && signOutOnUnauthorized) handleUnauthorized();
  throw apiErrorFrom(response.status, data);
}

/** `a=1&b=x` from query parameters; empty, null and undefined ones are left out. */
export function toQueryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  return search.toString();
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
