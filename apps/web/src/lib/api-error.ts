import type { ErrorCode, FieldErrors } from '@tna/domain';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'UNKNOWN';

/** A failed API call: the server's `{ message, code, errors?, error_keys? }`, or a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** English texts per field. */
  readonly errors: FieldErrors;
  /** Encoded message keys per field (`validation.min|{"min":1900}`), for translation. */
  readonly errorKeys: FieldErrors;
  /** A translation key for the message (`conflict.inUse`), when the server gave one. */
  readonly messageKey: string | undefined;
  /** The parameters of `messageKey` (`{ what: 'This department', positions: 3 }`). */
  readonly params: Record<string, string | number>;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    errors?: FieldErrors;
    errorKeys?: FieldErrors;
    messageKey?: string | undefined;
    params?: Record<string, string | number> | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.errorKeys = init.errorKeys ?? {};
    this.messageKey = init.messageKey;
    this.params = init.params ?? {};
  }
}

const CODES_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function isFieldErrors(value: unknown): value is FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'));
}

function isParams(value: unknown): value is Record<string, string | number> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');
}

export function apiErrorFrom(status: number, payload: unknown): ApiError {
  const body = payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : (CODES_BY_STATUS[status] ?? 'UNKNOWN');
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${status}`;
  return new ApiError({
    status,
    code,
    message,
    errors: isFieldErrors(body.errors) ? body.errors : undefined,
    errorKeys: isFieldErrors(body.error_keys) ? body.error_keys : undefined,
    messageKey: typeof body.message_key === 'string' && body.message_key ? body.message_key : undefined,
    params: isParams(body.params) ? body.params : undefined,
  });
}

/** An answer trying again will not change: the server refused (4xx), as opposed to a network failure or a 5xx. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
