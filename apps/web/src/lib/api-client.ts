import { API_BASE_PATH, CHANGE_MARK_HEADER } from '@tna/domain';
import { ApiError, apiErrorFrom } from './api-error';
import { getToken } from './auth-storage';
import { currentLanguage } from './i18n';
import { isGatewayFailure, markReachable, markUnreachable } from './offline/connectivity';
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
  /** Give up after this long (default 30 s; 120 s for writes, which carry a whole form on a slow link). */
  timeoutMs?: number;
}

/** The caller's signal, aborted as well after `ms`; `timedOut` tells a time-out from a cancel. */
function withTimeout(signal: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    },
  };
}

/** The highest change mark the server has answered (see CHANGE_MARK_HEADER); 0 before any write. */
let lastChangeMark = 0;

/** Remember the change mark of an answer, if it carries a higher one. */
export function noteChangeMark(response: Response): void {
  const mark = Number(response.headers.get(CHANGE_MARK_HEADER));
  if (Number.isSafeInteger(mark) && mark > lastChangeMark) lastChangeMark = mark;
}

/** Send the last change mark seen, so that any server instance answers with this client's writes. */
export function withChangeMark(headers: Headers): Headers {
  if (lastChangeMark > 0) headers.set(CHANGE_MARK_HEADER, String(lastChangeMark));
  return headers;
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

/**
 * A task of its own for what follows. Chromium spends 1-2 ms of the main thread starting a request
 * (4-8 ms on a cheap phone), and TanStack Query starts a page's reads from React's commit: the five
 * reads of New Assessment made its largest commit 100-180 ms longer at 4x CPU slowdown, one task
 * that a tap had to wait for (Lighthouse's Total Blocking Time, issue 15). `scheduler.yield` runs the
 * rest ahead of other waiting tasks; where it is missing (Firefox, Safari), a timer.
 */
function inTaskOfItsOwn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * One call to the API under /api, with the bearer token and the active language. Only a 401 signs
 * the user out; a network error, a time-out or a gateway error (502/503/504) rejects with status 0
 * or that status and marks the server unreachable (the banner, the retries), never ending a session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, signOutOnUnauthorized = true } = options;
  await inTaskOfItsOwn();
  const headers = new Headers({ ...options.headers, Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  withChangeMark(headers);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  const timeout = withTimeout(signal, options.timeoutMs ?? (method === 'GET' ? 30_000 : 120_000));
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(`${API_BASE_PATH}${path}`, { method, headers, body: payload, signal: timeout.signal });
    data = await readBody(response);
  } catch (cause) {
    if (signal?.aborted && !timeout.timedOut()) throw cause;
    markUnreachable();
    throw new ApiError({ status: 0, code: 'NETWORK', message: timeout.timedOut() ? 'Timed out' : 'Network error' });
  } finally {
    timeout.done();
  }

  if (isGatewayFailure(response.status)) {
    markUnreachable();
    throw new ApiError({ status: response.status, code: 'NETWORK', message: `HTTP ${response.status}` });
  }
  markReachable();
  noteChangeMark(response);
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
