/**
 * One error vocabulary for the whole product. The server throws AppError with a code, one place maps
 * the code to an HTTP status, and the web client maps the code back to a translated message.
 */
export const ERROR_CODES = {
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Field errors: field name -> list of encoded messages (see messages.ts). */
export type FieldErrors = Record<string, string[]>;

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Human-readable English texts per field (for API clients). */
  errors?: FieldErrors;
  /** The same errors as message keys with parameters (for translated clients). */
  error_keys?: FieldErrors;
  /** A translation key for `message` and its parameters, when the web app has a text for it. */
  message_key?: string;
  params?: Record<string, string | number>;
}

export function statusForCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** The code of an HTTP status that has no code of its own in a thrown error (a framework 4xx). */
export function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(([, s]) => s === status);
  if (found) return found[0];
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
