import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entriesByOfficer, movesByReviewer } from './performance.repository.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.pattern' });
const rangeQuery = z.object({ from: day.optional(), to: day.optional() });

/** SPEC 2 Performance (admin): what each data-entry officer entered and each reviewer decided. */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'performance.read' } as const;

  /** name, staff_count: assessments each user entered (optionally within a date range). */
  app.get('/performance/bydataentry', { schema: { querystring: rangeQuery }, config }, async (request) => ({
    data: await entriesByOfficer(app.db, request.query),
  }));

  /** name, to_status, tna_count: the status moves each reviewer made. */
  app.get('/performance/byvalidation', { schema: { querystring: rangeQuery }, config }, async (request) => ({
    data: await movesByReviewer(app.db, request.query),
  }));
};
