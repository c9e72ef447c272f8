import { ASSESSMENT_STATUSES } from '@tna/domain';
import { count, countDistinct, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentPriorities,
  assessments,
  departments,
  healthFacilities,
  users,
} from '../../db/schema/index.js';

/** SPEC 3 dashboard figures: every status with its total (zeros included, in the spec's order). */
export async function statusFigures(db: Executor): Promise<{ status: string; total: number }[]> {
  const rows = await db
    .select({ status: assessments.status, total: count() })
    .from(assessments)
    .groupBy(assessments.status);
  return ASSESSMENT_STATUSES.map((status) => ({ status, total: rows.find((r) => r.status === status)?.total ?? 0 }));
}

/**
 * Assessments per province of the job place (archived ones, which are duplicates or wrong entries,
 * do not count), every province listed, most first.
 */
export async function provinceFigures(db: Executor) {
  return db
    .select({
      id: adminUnits.id,
      name: adminUnits.nameEn,
      name_fa: adminUnits.nameFa,
      name_ps: adminUnits.namePs,
      number: sql<number>`count(${assessments.id})::int`,
    })
    .from(adminUnits)
    .leftJoin(assessments, sql`${assessments.jobProvinceId} = ${adminUnits.id} and ${assessments.status} <> 'ARCHIVED'`)
    .where(eq(adminUnits.type, 'province'))
    .groupBy(adminUnits.id)
    .orderBy(desc(sql`count(${assessments.id})`), adminUnits.nameEn);
}

/** Assessments per department (archived ones do not count), every department listed, most first. */
export async function departmentFigures(db: Executor) {
  return db
    .select({
      id: departments.id,
      name: departments.name,
      name_dr: departments.nameDr,
      name_pa: departments.namePa,
      number: sql<number>`count(${assessments.id})::int`,
    })
    .from(departments)
    .leftJoin(assessments, sql`${assessments.departmentId} = ${departments.id} and ${assessments.status} <> 'ARCHIVED'`)
    .groupBy(departments.id)
    .orderBy(desc(sql`count(${assessments.id})`), departments.name);
}

/**
 * GET /stats/core: the headline counts of the product (the spec leaves it open). Assessments exclude
 * archived ones; `provinces_covered` counts provinces with at least one assessment.
 */
export async function coreStats(db: Executor) {
  const notArchived = ne(assessments.status, 'ARCHIVED');
  const [a] = await db
    .select({
      assessments: count(),
      approved: sql<number>`count(*) filter (where ${assessments.status} = 'APPROVED')::int`,
      awaiting_review: sql<number>`count(*) filter (where ${assessments.status} = 'NEW')::int`,
      provinces_covered: countDistinct(assessments.jobProvinceId),
      facilities_covered: countDistinct(assessments.hospitalId),
    })
    .from(assessments)
    .where(notArchived);
  const [p] = await db
    .select({ priority_lines: count(), trainings_requested: countDistinct(assessmentPriorities.trainingId) })
    .from(assessmentPriorities)
    .innerJoin(assessments, eq(assessments.id, assessmentPriorities.assessmentId))
    .where(notArchived);
  const [f] = await db.select({ n: count() }).from(healthFacilities).where(eq(healthFacilities.status, 'Existing'));
  const [u] = await db.select({ n: count() }).from(users);
  return {
    assessments: a?.assessments ?? 0,
    approved: a?.approved ?? 0,
    awaiting_review: a?.awaiting_review ?? 0,
    provinces_covered: a?.provinces_covered ?? 0,
    facilities_covered: a?.facilities_covered ?? 0,
    priority_lines: p?.priority_lines ?? 0,
    trainings_requested: p?.trainings_requested ?? 0,
    health_facilities: f?.n ?? 0,
    users: u?.n ?? 0,
  };
}
