import { and, count, desc, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessmentHistories, assessments, users } from '../../db/schema/index.js';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.pattern' });
const rangeQuery = z.object({ from: day.optional(), to: day.optional() });

function range(
  column: typeof assessments.createdAt | typeof assessmentHistories.createdAt,
  q: z.infer<typeof rangeQuery>,
): SQL | undefined {
  return and(
    q.from ? gte(column, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(column, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  );
}

/** SPEC 2 Performance (admin): what each data-entry officer entered and each reviewer decided. */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'performance.read' } as const;

  /** name, staff_count: assessments each user entered (optionally within a date range). */
  app.get('/performance/bydataentry', { schema: { querystring: rangeQuery }, config }, async (request) => ({
    data: await app.db
      .select({ id: users.id, name: users.name, staff_count: count() })
      .from(assessments)
      .innerJoin(users, sql`${users.id} = ${assessments.createdBy}`)
      .where(range(assessments.createdAt, request.query))
      .groupBy(users.id)
      .orderBy(desc(count()), users.name),
  }));

  /** name, to_status, tna_count: the status moves each reviewer made (the first entry of a form is not a move). */
  app.get('/performance/byvalidation', { schema: { querystring: rangeQuery }, config }, async (request) => ({
    data: await app.db
      .select({ id: users.id, name: users.name, to_status: assessmentHistories.toStatus, tna_count: count() })
      .from(assessmentHistories)
      .innerJoin(users, sql`${users.id} = ${assessmentHistories.userId}`)
      .where(and(isNotNull(assessmentHistories.fromStatus), range(assessmentHistories.createdAt, request.query)))
      .groupBy(users.id, assessmentHistories.toStatus)
      .orderBy(users.name, assessmentHistories.toStatus),
  }));
};
