import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { assessmentPriorities, assessments, departments, trainings } from '../../db/schema/index.js';

const optionalId = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional());
const filterQuery = z.object({ province: optionalId, department: optionalId, position: optionalId });
type Filter = z.infer<typeof filterQuery>;

/** Archived forms (duplicates, wrong entries) are left out of every figure. */
function whereOf(f: Filter): SQL {
  return and(
    ne(assessments.status, 'ARCHIVED'),
    f.province ? eq(assessments.jobProvinceId, f.province) : undefined,
    f.department ? eq(assessments.departmentId, f.department) : undefined,
    f.position ? eq(assessments.positionId, f.position) : undefined,
  )!;
}

/** Priority 1 counts most: a line of priority p weighs 6 - p (5 for the first choice, 1 for the fifth). */
const WEIGHT = sql<number>`(6 - ${assessmentPriorities.priority})`;

async function breakdown(db: Executor, column: SQL, f: Filter) {
  return db
    .select({ key: sql<string>`${column}`, number: sql<number>`count(*)::int` })
    .from(assessments)
    .where(whereOf(f))
    .groupBy(column)
    .orderBy(desc(sql`count(*)`));
}

/** Which trainings are asked for most, weighted by priority, with how many asked and at which rank. */
export async function trainingRanking(db: Executor, f: Filter, limit = 100) {
  return db
    .select({
      id: trainings.id,
      title_en: trainings.titleEn,
      title_dr: trainings.titleDr,
      title_pa: trainings.titlePa,
      department: departments.name,
      department_dr: departments.nameDr,
      department_pa: departments.namePa,
      score: sql<number>`sum(${WEIGHT})::int`,
      requests: sql<number>`count(*)::int`,
      first_choice: sql<number>`count(*) filter (where ${assessmentPriorities.priority} = 1)::int`,
    })
    .from(assessmentPriorities)
    .innerJoin(assessments, eq(assessments.id, assessmentPriorities.assessmentId))
    .innerJoin(trainings, eq(trainings.id, assessmentPriorities.trainingId))
    .innerJoin(departments, eq(departments.id, trainings.departmentId))
    .where(whereOf(f))
    .groupBy(trainings.id, departments.id)
    .orderBy(desc(sql`sum(${WEIGHT})`), desc(sql`count(*)`), trainings.titleEn)
    .limit(limit);
}

/** Built-in analytics for planners (issue 6), or the embedded dashboard's address when one is configured. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'analytics.read' } as const;

  app.get('/analytics/config', { config }, async () => ({ data: { embed_url: app.config.analyticsEmbedUrl ?? null } }));

  app.get('/analytics/summary', { schema: { querystring: filterQuery }, config }, async (request) => {
    const f = request.query;
    const [status, province, gender, education, experience] = await Promise.all([
      breakdown(app.db, sql`${assessments.status}`, f),
      breakdown(app.db, sql`${assessments.jobProvinceId}::text`, f),
      breakdown(app.db, sql`${assessments.gender}`, f),
      breakdown(app.db, sql`${assessments.educationLevel}`, f),
      breakdown(app.db, sql`${assessments.experience}`, f),
    ]);
    return { data: { status, province, gender, education_level: education, experience } };
  });

  app.get('/analytics/trainings', { schema: { querystring: filterQuery }, config }, async (request) => ({
    data: await trainingRanking(app.db, request.query),
  }));

  /** The ranking as an XLSX file (sheet 'data'), following the filters. */
  app.get('/analytics/trainings/export', { schema: { querystring: filterQuery }, config }, async (request, reply) => {
    const rows = await trainingRanking(app.db, request.query, 10_000);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow([
      'Rank',
      'Training',
      'Training (Dari)',
      'Training (Pashto)',
      'Department',
      'Weighted score',
      'Requests',
      'First choice',
    ]);
    rows.forEach((r, i) => {
      sheet.addRow([
        i + 1,
        r.title_en,
        r.title_dr ?? '',
        r.title_pa ?? '',
        r.department,
        r.score,
        r.requests,
        r.first_choice,
      ]);
    });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
    const buffer = await book.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="training_needs_export_${stamp}.xlsx"`)
      .send(Buffer.from(buffer));
  });
};
