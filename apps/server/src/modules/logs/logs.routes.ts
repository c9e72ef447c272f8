import { AUDIT_EVENTS, AUDITABLE_TYPES } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery, toPage } from '../../lib/paging.js';
import { optionalIdQuery } from '../../lib/params.js';
import { pageAuditEntries, pageErrorLogs } from './logs.repository.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.pattern' });

const userLogsQuery = z.object({
  ...pageQuery,
  per_page: pageQuery.per_page.default(25),
  user_id: optionalIdQuery(),
  model: z.enum(AUDITABLE_TYPES).optional(),
  model_id: z.string().max(40).optional(),
  event: z.enum(AUDIT_EVENTS).optional(),
  from: day.optional(),
  to: day.optional(),
});

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The server errors as they were recorded (time, route, message, stack), newest first, paged (admin only). */
  app.get(
    '/logs/error-logs',
    { schema: { querystring: z.object(pageQuery) }, config: { permission: 'logs.read' } },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await pageErrorLogs(app.db, page, per_page);
      return { data: toPage(request, rows, total, page, per_page) };
    },
  );

  /** The audit trail (admin only): newest first, paged, filterable by user, model, event and dates. */
  app.get(
    '/logs/user-logs',
    { schema: { querystring: userLogsQuery }, config: { permission: 'logs.read' } },
    async (request) => {
      const q = request.query;
      const { rows, total } = await pageAuditEntries(app.db, q, q.page, q.per_page);
      return { data: toPage(request, rows, total, q.page, q.per_page) };
    },
  );
};
