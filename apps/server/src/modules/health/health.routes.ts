import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './health.repository.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 when the database answers, 503 otherwise (for load balancers and monitors). */
  app.get('/health', { config: { public: true } }, async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({
        status: 'unavailable',
        database: app.database.kind,
        code: 'UNAVAILABLE',
        message: 'The database is not reachable.',
      });
    }
  });
};
