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
  // The core stats count users too (the auth topic).
  const reads = [
    ['/tnas/status/figures', statusFigures],
    ['/tnas/byprovince/figures', provinceFigures],
    ['/tnas/bydepartment/figures', departmentFigures],
    ['/stats/core', coreStats],
  ] as const;
  for (const [path, read] of reads) {
    app.get(path, { config }, async () => ({ data: await figures.get(path, () => read(app.db)) }));
  }
};
