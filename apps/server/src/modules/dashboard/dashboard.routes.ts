import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coreStats, departmentFigures, provinceFigures, statusFigures } from './dashboard.repository.js';

/** The dashboard's figures (SPEC 2, 7): open to every signed-in user, aggregates only. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'dashboard.read' } as const;
  app.get('/tnas/status/figures', { config }, async () => ({ data: await statusFigures(app.db) }));
  app.get('/tnas/byprovince/figures', { config }, async () => ({ data: await provinceFigures(app.db) }));
  app.get('/tnas/bydepartment/figures', { config }, async () => ({ data: await departmentFigures(app.db) }));
  app.get('/stats/core', { config }, async () => ({ data: await coreStats(app.db) }));
};
