import { codeForStatus, type ErrorBody, type ErrorCode, encodeMessage, type FieldErrors } from '@tna/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, renderFieldErrors } from '../lib/app-error.js';
import { scrubText } from '../lib/logger.js';
import { insertErrorLog } from '../modules/logs/logs.repository.js';

function validationBody(fieldErrors: FieldErrors, message: string): ErrorBody {
  return { message, code: 'VALIDATION', errors: renderFieldErrors(fieldErrors), error_keys: fieldErrors };
}

/** What the client reads for a framework's own refusal, by code (its text may name internals). */
const CLIENT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: 'The request could not be read.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not accepted here: send JSON (application/json).',
  UNAUTHENTICATED: 'Unauthenticated.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
};

/** The answer of a refusal that is not about a field: one shape, a code that matches the status. */
export function errorBody(code: ErrorCode, message?: string): ErrorBody {
  return { message: message ?? CLIENT_MESSAGES[code] ?? 'The request could not be handled.', code };
}

/**
 * A Zod message that is not one of our message keys (a schema without its own texts) becomes the
 * nearest key, so every field error can be shown in the three languages.
 */
function messageKeyOf(issue: { keyword: string; message?: string; params?: Record<string, unknown> }): string {
  const message = issue.message ?? '';
  if (message.startsWith('validation.')) return message;
  const origin = issue.params?.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(message)
        ? encodeMessage('validation.required')
        : encodeMessage('validation.pattern');
    case 'too_big':
      return origin === 'string' || origin === 'array'
        ? encodeMessage('validation.maxlength')
        : encodeMessage('validation.max', { max: Number(issue.params?.maximum) });
    case 'too_small':
      return origin === 'string' || origin === 'array'
        ? encodeMessage('validation.minlength')
        : encodeMessage('validation.min', { min: Number(issue.params?.minimum) });
    case 'invalid_value':
      return encodeMessage('validation.oneOf');
    default:
      return encodeMessage('validation.pattern');
  }
}

/** The one place where errors become HTTP answers. 5xx details never reach the client. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = error.fieldErrors
        ? validationBody(error.fieldErrors, error.message)
        : {
            message: error.message,
            code: error.code,
            ...(error.messageKey ? { message_key: error.messageKey.key, params: error.messageKey.params ?? {} } : {}),
          };
      if (error.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      // The rest of a body too large is not worth reading: the connection closes after the answer.
      if (error.code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as FastifyError).validationContext;
      const whole = error.validation.find((issue) => issue.instancePath === '/' && issue.keyword === 'invalid_type');
      if (whole && context === 'body') {
        // `null`, a list or a bare value where a form's fields were expected: the request is malformed.
        return reply.status(400).send(errorBody('BAD_REQUEST', 'The request body must be a JSON object.'));
      }
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_form';
        const list = fieldErrors[field] ?? [];
        fieldErrors[field] = list;
        const key = messageKeyOf(issue as Parameters<typeof messageKeyOf>[0]);
        if (!list.includes(key)) list.push(key);
      }
      return reply.status(422).send(validationBody(fieldErrors, 'The given data was invalid.'));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // The framework's own refusals: malformed JSON or multipart, body too large, content type...
      const code = codeForStatus(status);
      if (code === 'PAYLOAD_TOO_LARGE') reply.header('connection', 'close');
      const detail = code === 'BAD_REQUEST' && error.name === 'SyntaxError' ? `: ${error.message}` : '';
      return reply.status(status).send(errorBody(code, detail ? `${CLIENT_MESSAGES.BAD_REQUEST}${detail}` : undefined));
    }
    request.log.error({ err: error }, 'request failed');
    await recordError(app, request, error, status);
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
  });
}

/**
 * Write a server error to the error log table. What caused the error (a NUL byte, a huge value) may
 * sit in its message, so every text is scrubbed and capped first; and logging never fails the answer.
 */
export async function recordError(app: FastifyInstance, request: FastifyRequest, error: Error, status: number) {
  try {
    await insertErrorLog(app.db, {
      method: scrubText(request.method, 16),
      route: request.routeOptions?.url ? scrubText(request.routeOptions.url, 500) : null,
      url: scrubText(request.url, 2000),
      statusCode: status,
      message: scrubText(error.message || String(error), 4000),
      stack: error.stack ? scrubText(error.stack) : null,
      userId: request.user?.id ?? null,
      requestId: scrubText(String(request.id), 200),
    });
  } catch (logError) {
    request.log.error({ err: logError }, 'could not write the error log');
  }
}

export default fp(errorsPlugin, { name: 'errors', dependencies: ['db'] });
