import type { FastifyServerOptions } from 'fastify';

/** A password hash as argon2 writes it (`$argon2id$v=19$m=...,t=...,p=...$salt$hash`). */
const PASSWORD_HASH = /\$argon2(?:id|i|d)\$[^\s'"`,)\]}]*/g;
/** A session or reset token after `Bearer` (tokens are stored hashed; a log must not hold them either). */
const BEARER = /(bearer\s+)[A-Za-z0-9._~+/=-]{16,}/gi;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Fields whose values never reach a log line, wherever they sit in a logged object. */
const SECRET_KEYS = new Set([
  'password',
  'c_password',
  'retypePassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'params',
]);

/**
 * Text fit for a log line or the error log table: password hashes and bearer tokens replaced, control
 * characters written out (`\u0000`) so that PostgreSQL, which refuses NUL, stores the line that
 * reports a NUL instead of failing on it, and a length cap.
 */
export function scrubText(text: string, max = 16_000): string {
  const clean = text
    .replace(PASSWORD_HASH, '[redacted hash]')
    .replace(BEARER, '$1[redacted]')
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return clean.length > max ? `${clean.slice(0, max)}...` : clean;
}

/** A copy of a logged value with secret fields dropped and every string scrubbed. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEYS.has(k) ? '[redacted]' : scrubValue(v, depth + 1);
  return out;
}

/** An error as a log line shows it (pino's shape: type, message, stack, own fields, cause), scrubbed. */
export function serializeError(
  error: Error,
  depth = 0,
): { [key: string]: unknown; type: string; message: string; stack: string } {
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(error)) if (k !== 'cause') own[k] = v;
  return {
    ...(scrubValue(own) as Record<string, unknown>),
    type: error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
    ...(error.cause !== undefined && depth < 3
      ? { cause: error.cause instanceof Error ? serializeError(error.cause, depth + 1) : scrubValue(error.cause) }
      : {}),
  };
}

/**
 * The server's logger options: pino's `redact` for the places secrets are known to sit (request
 * headers, bodies), and an error serializer that scrubs what a failed query carries in its message
 * and `params` (a failed insert into `users` carried the new password hash).
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        '*.password',
        '*.c_password',
        '*.passwordHash',
        '*.password_hash',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: { err: (error) => serializeError(error) },
  };
}
