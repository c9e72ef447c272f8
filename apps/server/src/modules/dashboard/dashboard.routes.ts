import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReadCache } from '../../db/read-cache.js';
import { coreStats, departmentFigures, provinceFigures, statusFigures } from './dashboard.repository.js';

/**
 * The dashboard's figures (SPEC 2, 7): open to every signed-in user, aggregates only. Every open
 * dashboard asks for them every two minutes, so each is kept in memory until an assessment or the
 * reference data changes.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'dashboard.read' } as const;
  const figures = new ReadCache<unknown>(app.database.changes, ['assessments', 'reference', 'auth'], {
    maxEntries: 8,
    ttlMs: 60_000,
  });
  const cached = (key: string, read: () => Promise<unknown>) => async () => ({ data: await figures.get(key, read) });
  app.get(
    '/tnas/status/figures',
    { config },
    cached('status', () => statusFigures(app.db)),
  );
  app.get(
    '/tnas/byprovince/figures',
    { config },
    cached('province', () => provinceFigures(app.db)),
  );
  app.get(
    '/tnas/bydepartment/figures',
    { config },
    cached('department', () => departmentFigures(app.db)),
  );
  // Counts users too (the auth topic).
  app.get(
    '/stats/core',
    { config },
    cached('core', () => coreStats(app.db)),
  );
};
