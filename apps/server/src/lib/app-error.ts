import { type ErrorCode, type FieldErrors, renderMessage, statusForCode } from '@tna/domain';

/** The one error type of the server. The error plugin maps `code` to the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field -> encoded message keys (see @tna/domain messages). */
    readonly fieldErrors?: FieldErrors,
    /** A translation key for the message, with its parameters (e.g. what still uses a record). */
    readonly messageKey?: { key: string; params?: Record<string, string | number> },
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return statusForCode(this.code);
  }

  static validation(fieldErrors: FieldErrors, message = 'The given data was invalid.'): AppError {
    return new AppError('VALIDATION', message, fieldErrors);
  }

  /** A single field's error, e.g. a duplicate email. */
  static field(field: string, encoded: string): AppError {
    return AppError.validation({ [field]: [encoded] });
  }

  static notFound(what = 'The record'): AppError {
    return new AppError('NOT_FOUND', `${what} was not found.`);
  }

  static forbidden(message = 'You do not have permission to do this.'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static unauthenticated(message = 'Unauthenticated.'): AppError {
    return new AppError('UNAUTHENTICATED', message);
  }

  static conflict(message: string, key?: string, params?: Record<string, string | number>): AppError {
    return new AppError('CONFLICT', message, undefined, key ? { key, ...(params ? { params } : {}) } : undefined);
  }

  /**
   * 409 for deleting a record that others still use: says what uses it and how many.
   * `usage` maps a kind of record ('facilities') to its count; only kinds with a count are named.
   */
  static inUse(what: string, usage: Record<string, number>): AppError {
    const parts = Object.entries(usage)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${n} ${kind}`);
    return AppError.conflict(`${what} cannot be deleted: it is used by ${parts.join(', ')}.`, 'conflict.inUse', {
      what,
      usage: parts.join(', '),
      ...usage,
    });
  }
}

/** The English texts of encoded field errors, for API clients that show them as they are. */
export function renderFieldErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([k, list]) => [k, list.map(renderMessage)]));
}
