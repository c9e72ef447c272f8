import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** 200 when the database answers, 503 otherwise (for load balancers and monitors). */
  app.get('/health', { config: { public: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
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
