import { provinceScope, scopeKey } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReadCache } from '../../db/read-cache.js';
import { requireUser } from '../../plugins/auth.js';
import { coreStats, departmentFigures, provinceFigures, statusFigures } from './dashboard.repository.js';

/** The key a set of figures is kept under: the reader's provinces, so readers of different provinces never share one. */
function figuresKey(path: string, scope: string): string {
  return `${scope} ${path}`;
}

/**
 * The dashboard's figures (SPEC 2, 7): open to every signed-in user, aggregates only. Every open
 * dashboard asks for them every two minutes, so each is kept in memory until an assessment or the
 * reference data changes.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'dashboard.read' } as const;
  // Each kept until what it counts changes: a sign-in changes none of them.
  const reads = [
    ['/tnas/status/figures', statusFigures, ['assessments']],
    ['/tnas/byprovince/figures', provinceFigures, ['assessments', 'units']],
    ['/tnas/bydepartment/figures', departmentFigures, ['assessments', 'departments']],
    ['/stats/core', coreStats, ['assessments', 'facilities', 'trainings', 'auth']],
  ] as const;
  for (const [path, read, topics] of reads) {
    const figures = new ReadCache<unknown>(app.caches, app.database.changes, `figures ${path}`, topics, 60_000);
    app.get(path, { config }, async (request) => {
      const user = requireUser(request);
      return { data: await figures.get(figuresKey(path, scopeKey(user)), () => read(app.db, provinceScope(user))) };
    });
  }
};
