import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentPriorities, assessments, departments, trainings } from '../../db/schema/index.js';

/** The filters of the analytics page, and the reader's provinces (policy.provinceScope, null for all). */
export interface AnalyticsFilter {
  province?: number | null | undefined;
  department?: number | null | undefined;
  position?: number | null | undefined;
  scope: readonly number[] | null;
}
type Filter = AnalyticsFilter;

/** Archived forms (duplicates, wrong entries) are left out of every figure. */
function whereOf(f: Filter): SQL {
  return and(
    ne(assessments.status, 'ARCHIVED'),
    f.province ? eq(assessments.jobProvinceId, f.province) : undefined,
    f.department ? eq(assessments.departmentId, f.department) : undefined,
    f.position ? eq(assessments.positionId, f.position) : undefined,
    // Only the reader's provinces count (issue 13); an empty scope would count nothing.
    f.scope ? inArray(assessments.jobProvinceId, [...f.scope]) : undefined,
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

/** The counts of the analytics page: by status, province, gender, education and experience. */
export async function summary(db: Executor, f: Filter) {
  const [status, province, gender, education, experience] = await Promise.all([
    breakdown(db, sql`${assessments.status}`, f),
    breakdown(db, sql`${assessments.jobProvinceId}::text`, f),
    breakdown(db, sql`${assessments.gender}`, f),
    breakdown(db, sql`${assessments.educationLevel}`, f),
    breakdown(db, sql`${assessments.experience}`, f),
  ]);
  return { status, province, gender, education_level: education, experience };
}
