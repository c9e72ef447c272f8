import type { ErrorBody, FieldErrors } from '@tna/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorLogs } from '../db/schema/index.js';
import { AppError, renderFieldErrors } from '../lib/app-error.js';

function validationBody(fieldErrors: FieldErrors, message: string): ErrorBody {
  return { message, code: 'VALIDATION', errors: renderFieldErrors(fieldErrors), error_keys: fieldErrors };
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
      if (error.code === 'RATE_LIMITED') reply.header('retry-after', '60');
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_form';
        const list = fieldErrors[field] ?? [];
        fieldErrors[field] = list;
        if (!list.includes(issue.message ?? '')) list.push(issue.message ?? 'validation.required');
      }
      return reply.status(422).send(validationBody(fieldErrors, 'The given data was invalid.'));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type...
      const code =
        status === 404 ? 'NOT_FOUND' : status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'VALIDATION';
      return reply.status(status).send({ message: error.message, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    await recordError(app, request, error, status);
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' } satisfies ErrorBody);
  });
}

/** Write a server error to the error log table; never let logging itself fail the answer. */
export async function recordError(app: FastifyInstance, request: FastifyRequest, error: Error, status: number) {
  try {
    await app.db.insert(errorLogs).values({
      method: request.method,
      route: request.routeOptions?.url ?? null,
      url: request.url,
      statusCode: status,
      message: error.message || String(error),
      stack: error.stack ?? null,
      userId: request.user?.id ?? null,
      requestId: request.id,
    });
  } catch (logError) {
    request.log.error({ err: logError }, 'could not write the error log');
  }
}

export default fp(errorsPlugin, { name: 'errors', dependencies: ['db'] });
