import { ASSESSMENT_STATUSES } from '@tna/domain';
import { and, count, countDistinct, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentCounts,
  departments,
  healthFacilities,
  trainings,
  users,
} from '../../db/schema/index.js';

/** SPEC 3 dashboard figures: every status with its total (zeros included, in the spec's order). */
export async function statusFigures(db: Executor): Promise<{ status: string; total: number }[]> {
  const rows = await db
    .select({ status: assessmentCounts.status, total: sql<number>`sum(${assessmentCounts.n})::int` })
    .from(assessmentCounts)
    .groupBy(assessmentCounts.status);
  return ASSESSMENT_STATUSES.map((status) => ({ status, total: rows.find((r) => r.status === status)?.total ?? 0 }));
}

/**
 * Assessments per province of the job place (archived ones, which are duplicates or wrong entries,
 * do not count), every province listed, most first. Read from the counts the database keeps.
 */
export async function provinceFigures(db: Executor) {
  const counted = db
    .select({ id: assessmentCounts.jobProvinceId, n: sql<number>`sum(${assessmentCounts.n})`.as('n') })
    .from(assessmentCounts)
    .where(ne(assessmentCounts.status, 'ARCHIVED'))
    .groupBy(assessmentCounts.jobProvinceId)
    .as('counted');
  return db
    .select({
      id: adminUnits.id,
      name: adminUnits.nameEn,
      name_fa: adminUnits.nameFa,
      name_ps: adminUnits.namePs,
      number: sql<number>`coalesce(${counted.n}, 0)::int`,
    })
    .from(adminUnits)
    .leftJoin(counted, eq(counted.id, adminUnits.id))
    .where(eq(adminUnits.type, 'province'))
    .orderBy(desc(sql`coalesce(${counted.n}, 0)`), adminUnits.nameEn);
}

/** Assessments per department (archived ones do not count), every department listed, most first. */
export async function departmentFigures(db: Executor) {
  const counted = db
    .select({ id: assessmentCounts.departmentId, n: sql<number>`sum(${assessmentCounts.n})`.as('n') })
    .from(assessmentCounts)
    .where(ne(assessmentCounts.status, 'ARCHIVED'))
    .groupBy(assessmentCounts.departmentId)
    .as('counted');
  return db
    .select({
      id: departments.id,
      name: departments.name,
      name_dr: departments.nameDr,
      name_pa: departments.namePa,
      number: sql<number>`coalesce(${counted.n}, 0)::int`,
    })
    .from(departments)
    .leftJoin(counted, eq(counted.id, departments.id))
    .orderBy(desc(sql`coalesce(${counted.n}, 0)`), departments.name);
}

/**
 * GET /stats/core: the headline counts of the product (the spec leaves it open). Assessments exclude
 * archived ones; `provinces_covered` and `facilities_covered` count places with at least one.
 */
export async function coreStats(db: Executor) {
  const live = and(ne(assessmentCounts.status, 'ARCHIVED'), gt(assessmentCounts.n, 0));
  const [a] = await db
    .select({
      assessments: sql<number>`coalesce(sum(${assessmentCounts.n}), 0)::int`,
      approved: sql<number>`coalesce(sum(${assessmentCounts.n}) filter (where ${assessmentCounts.status} = 'APPROVED'), 0)::int`,
      awaiting_review: sql<number>`coalesce(sum(${assessmentCounts.n}) filter (where ${assessmentCounts.status} = 'NEW'), 0)::int`,
      rejected: sql<number>`coalesce(sum(${assessmentCounts.n}) filter (where ${assessmentCounts.status} = 'REJECTED'), 0)::int`,
      provinces_covered: countDistinct(assessmentCounts.jobProvinceId),
      facilities_covered: countDistinct(assessmentCounts.hospitalId),
    })
    .from(assessmentCounts)
    .where(live);
  const [f] = await db.select({ n: count() }).from(healthFacilities).where(eq(healthFacilities.status, 'Existing'));
  const [t] = await db.select({ n: count() }).from(trainings);
  const [u] = await db.select({ n: count() }).from(users);
  return {
    assessments: a?.assessments ?? 0,
    approved: a?.approved ?? 0,
    awaiting_review: a?.awaiting_review ?? 0,
    rejected: a?.rejected ?? 0,
    provinces_covered: a?.provinces_covered ?? 0,
    facilities_covered: a?.facilities_covered ?? 0,
    health_facilities: f?.n ?? 0,
    trainings: t?.n ?? 0,
    users: u?.n ?? 0,
  };
}
