import { ASSESSMENT_STATUSES } from '@tna/domain';
import { and, count, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessments,
  assessmentTallies,
  departments,
  healthFacilities,
  trainings,
  users,
} from '../../db/schema/index.js';

const T = assessmentTallies;

/**
 * The provinces a reader's figures cover (policy.provinceScope): null for all. Every figure below
 * counts only their forms; with a scope, the tally rows split by province are summed over it.
 */
export type Scope = readonly number[] | null;

/** The rows of a scope's provinces (no condition for all). */
const within = (column: AnyPgColumn, scope: Scope) => (scope ? inArray(column, [...scope]) : undefined);

/** The tally rows of one filter shape (see assessmentTallies): which of the dimensions are set. */
function shape(set: { province?: boolean; district?: boolean; hospital?: boolean; department?: boolean }): SQL {
  const dim = (column: AnyPgColumn, on = false) => (on ? gt(column, 0) : eq(column, 0));
  return and(
    dim(T.provinceId, set.province),
    dim(T.districtId, set.district),
    dim(T.hospitalId, set.hospital),
    dim(T.departmentId, set.department),
  )!;
}

/** The statuses' totals as kept, for statusFigures (and for a look at its plan). */
export function statusFiguresQuery(db: Executor, scope: Scope) {
  return db
    .select({ status: T.status, total: sql<number>`sum(${T.n})::int` })
    .from(T)
    .where(scope ? and(shape({ province: true }), within(T.provinceId, scope)) : shape({}))
    .groupBy(T.status);
}

/** SPEC 3 dashboard figures: every status with its total (zeros included, in the spec's order). */
export async function statusFigures(db: Executor, scope: Scope): Promise<{ status: string; total: number }[]> {
  const rows = await statusFiguresQuery(db, scope);
  return ASSESSMENT_STATUSES.map((status) => ({ status, total: rows.find((r) => r.status === status)?.total ?? 0 }));
}

/**
 * Assessments per province of the job place (archived ones, which are duplicates or wrong entries,
 * do not count), every province listed, most first. Read from the counts the database keeps.
 */
export async function provinceFigures(db: Executor, scope: Scope) {
  return provinceFiguresQuery(db, scope);
}

/** The query of provinceFigures. */
export function provinceFiguresQuery(db: Executor, scope: Scope) {
  const counted = db
    .select({ id: T.provinceId, n: sql<number>`sum(${T.n})`.as('n') })
    .from(T)
    .where(and(ne(T.status, 'ARCHIVED'), shape({ province: true })))
    .groupBy(T.provinceId)
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
    .where(and(eq(adminUnits.type, 'province'), within(adminUnits.id, scope)))
    .orderBy(desc(sql`coalesce(${counted.n}, 0)`), adminUnits.nameEn);
}

/**
 * Assessments per department (archived ones do not count), every department listed, most first.
 * The tallies do not split departments by province, so a scope's figures are counted on the forms.
 */
export async function departmentFigures(db: Executor, scope: Scope) {
  return departmentFiguresQuery(db, scope);
}

/** The query of departmentFigures. */
export function departmentFiguresQuery(db: Executor, scope: Scope) {
  const counted = scope
    ? db
        .select({ id: assessments.departmentId, n: sql<number>`count(*)`.as('n') })
        .from(assessments)
        .where(and(ne(assessments.status, 'ARCHIVED'), within(assessments.jobProvinceId, scope)))
        .groupBy(assessments.departmentId)
        .as('counted')
    : db
        .select({ id: T.departmentId, n: sql<number>`sum(${T.n})`.as('n') })
        .from(T)
        .where(and(ne(T.status, 'ARCHIVED'), shape({ department: true })))
        .groupBy(T.departmentId)
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
 * archived ones; `provinces_covered` and `facilities_covered` count places with at least one. Within
 * a scope, the forms and facilities are the scope's; trainings and users are the country's.
 */
export async function coreStats(db: Executor, scope: Scope) {
  const live = and(ne(T.status, 'ARCHIVED'), gt(T.n, 0));
  const sumOf = (status: string) => sql<number>`coalesce(sum(${T.n}) filter (where ${T.status} = ${status}), 0)::int`;
  const [a] = await db
    .select({
      assessments: sql<number>`coalesce(sum(${T.n}), 0)::int`,
      approved: sumOf('APPROVED'),
      awaiting_review: sumOf('NEW'),
      rejected: sumOf('REJECTED'),
    })
    .from(T)
    .where(and(live, scope ? and(shape({ province: true }), within(T.provinceId, scope)) : shape({})));
  const [covered] = await db
    .select({
      provinces_covered: sql<number>`count(distinct ${T.provinceId}) filter (where ${shape({ province: true })})::int`,
      facilities_covered: scope
        ? sql<number>`count(distinct ${T.hospitalId}) filter (where ${shape({ province: true, district: true, hospital: true })})::int`
        : sql<number>`count(distinct ${T.hospitalId}) filter (where ${shape({ hospital: true })})::int`,
    })
    .from(T)
    .where(and(live, within(T.provinceId, scope)));
  const [f] = await db
    .select({ n: count() })
    .from(healthFacilities)
    .where(and(eq(healthFacilities.status, 'Existing'), within(healthFacilities.provinceId, scope)));
  const [t] = await db.select({ n: count() }).from(trainings);
  const [u] = await db.select({ n: count() }).from(users);
  return {
    assessments: a?.assessments ?? 0,
    approved: a?.approved ?? 0,
    awaiting_review: a?.awaiting_review ?? 0,
    rejected: a?.rejected ?? 0,
    provinces_covered: covered?.provinces_covered ?? 0,
    facilities_covered: covered?.facilities_covered ?? 0,
    health_facilities: f?.n ?? 0,
    trainings: t?.n ?? 0,
    users: u?.n ?? 0,
  };
}
