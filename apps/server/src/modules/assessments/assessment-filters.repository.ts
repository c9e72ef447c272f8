import { and, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { assessments, assessmentTallies } from '../../db/schema/index.js';
import { blockEnd, blockSkip, blockStarted } from './assessment-blocks.repository.js';

// Which forms a review list holds: its filter (a search, within the reader's provinces), as SQL,
// as the placeholders of a prepared statement, and its total off assessment_tallies.
export interface ListFilter {
  status: string;
  province?: number | null | undefined;
  district?: number | null | undefined;
  health_facility?: number | null | undefined;
  /** The provinces of the reader's scope, when there are several (see scopedFilter). */
  provinces?: readonly number[] | null | undefined;
}

/**
 * A list filter within a user's provinces (issue 13; scope = policy.provinceScope, null for all).
 * A single province becomes the province filter, so its list is read off the tallies and the
 * (status, province, id) indexes like any province's list; several ride along as `provinces`. A
 * search for a province outside the scope keeps its province and gets an empty `provinces`: it
 * matches no row, so the reader gets an empty page, as for a province with no forms.
 */
export function scopedFilter(filter: ListFilter, scope: readonly number[] | null): ListFilter {
  if (scope === null) return filter;
  if (filter.province) return scope.includes(filter.province) ? filter : { ...filter, provinces: [] };
  if (scope.length === 1) return { ...filter, province: scope[0] };
  return { ...filter, provinces: scope };
}

/** A list of province ids as a PostgreSQL int[] literal (a placeholder's value on PGlite and pg alike). */
export const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export function listWhere(f: ListFilter): SQL {
  return and(
    eq(assessments.status, f.status),
    f.province ? eq(assessments.jobProvinceId, f.province) : undefined,
    f.district ? eq(assessments.jobDistrictId, f.district) : undefined,
    f.health_facility ? eq(assessments.hospitalId, f.health_facility) : undefined,
    f.provinces ? sql`${assessments.jobProvinceId} = any(${intArray(f.provinces)}::int[])` : undefined,
  )!;
}

/** The filter shapes assessment_tallies keeps (province, district, facility; migration 0008). */
const TALLIED_SHAPES: ReadonlySet<string> = new Set<ListShape>(['---', 'p--', 'pd-', 'pdh', '--h']);

/** Whether a list's total is read off the tallies (else it is counted, a scan of the list). */
export const totalIsKept = (shape: string) => shape === '---s' || TALLIED_SHAPES.has(shape);

/**
 * Which of the list filters are set: province, district, facility, then 's' within a scope, e.g.
 * 'pd-' for a province and a district, 'pd-s' within a scope. Sets of shapes are typed with it, so
 * that a shape spelt wrong (four places for three) fails the type check instead of matching nothing.
 */
export type ListShape = `${'p' | '-'}${'d' | '-'}${'h' | '-'}${'s' | ''}`;

export function shapeOf(f: ListFilter): ListShape {
  return `${f.province ? 'p' : '-'}${f.district ? 'd' : '-'}${f.health_facility ? 'h' : '-'}${f.provinces ? 's' : ''}`;
}

/** The rows of a scope's provinces, for a WHERE. */
export const inScopeProvinces = (column: AnyPgColumn) => sql`${column} = any(${sql.placeholder('provinces')}::int[])`;

/** The WHERE of a list for a filter shape, its values as placeholders (see preparedQuery). */
export function listWherePlaceholders(shape: string): SQL {
  return and(
    eq(assessments.status, sql.placeholder('status')),
    shape[0] === 'p' ? eq(assessments.jobProvinceId, sql.placeholder('province')) : undefined,
    shape[1] === 'd' ? eq(assessments.jobDistrictId, sql.placeholder('district')) : undefined,
    shape[2] === 'h' ? eq(assessments.hospitalId, sql.placeholder('health_facility')) : undefined,
    shape[3] === 's' ? inScopeProvinces(assessments.jobProvinceId) : undefined,
  )!;
}

/**
 * How many assessments a list holds. The filters the screens send (none, a province, a province and
 * district, those and a facility, or a facility alone) are one row of the tallies the database keeps;
 * any other combination is counted on the list index.
 */
export function totalSql(shape: string): SQL<number> {
  if (shape === '---s') {
    // A list of several provinces: the sum of their rows of the tallies.
    return sql<number>`coalesce((select sum(${assessmentTallies.n})::int from ${assessmentTallies} where ${and(
      eq(assessmentTallies.status, sql.placeholder('status')),
      inScopeProvinces(assessmentTallies.provinceId),
      eq(assessmentTallies.districtId, 0),
      eq(assessmentTallies.hospitalId, 0),
      eq(assessmentTallies.departmentId, 0),
    )}), 0)`;
  }
  if (!TALLIED_SHAPES.has(shape)) {
    return sql<number>`(select count(*)::int from ${assessments} where ${listWherePlaceholders(shape)})`;
  }
  const dim = (on: boolean, name: string) => (on ? sql.placeholder(name) : 0);
  return sql<number>`coalesce((select ${assessmentTallies.n} from ${assessmentTallies} where ${and(
    eq(assessmentTallies.status, sql.placeholder('status')),
    eq(assessmentTallies.provinceId, dim(shape[0] === 'p', 'province')),
    eq(assessmentTallies.districtId, dim(shape[1] === 'd', 'district')),
    eq(assessmentTallies.hospitalId, dim(shape[2] === 'h', 'health_facility')),
    eq(assessmentTallies.departmentId, 0),
  )}), 0)`;
}

export function listValues(f: ListFilter) {
  return {
    status: f.status,
    province: f.province,
    district: f.district,
    health_facility: f.health_facility,
    provinces: f.provinces ? intArray(f.provinces) : undefined,
  };
}

/** A list's filter as text, for the keys of the kept anchors and group counts. */
export const filterKey = (f: ListFilter) =>
  `${f.status}|${f.province ?? ''}|${f.district ?? ''}|${f.health_facility ?? ''}|${f.provinces?.join(',') ?? '*'}`;

export async function countAssessments(db: Executor, f: ListFilter): Promise<number> {
  const shape = shapeOf(f);
  const query = preparedQuery(db, `list-total:${shape}`, (name) =>
    db
      .select({ total: totalSql(shape) })
      .from(sql`(select 1) as one`)
      .prepare(name),
  );
  const [row] = await query.execute(listValues(f));
  return row?.total ?? 0;
}

/**
 * Where a page newest first starts reading its list: at the top, at a kept anchor (the `anchor`
 * placeholder, see pageStart), or at the top of the block that holds its first row (see
 * assessment-blocks.repository.ts).
 */
export type PageStart = 'top' | 'anchor' | 'block';

/** For a page's start: the condition on the ids it reads (alias `a`), and how many rows it skips. */
export function pageBounds(start: PageStart): { upTo: SQL; skip: SQL } {
  if (start === 'block') return { upTo: sql`and a.id < ${blockEnd}`, skip: blockSkip };
  const upTo = start === 'anchor' ? sql`and a.id <= ${sql.placeholder('anchor')}` : sql``;
  return { upTo, skip: sql`${sql.placeholder('offset')}` };
}

/** Up to this many provinces a scope list is one merge of per-province index reads (see scopeNewestIds). */
const MERGED_PROVINCES = 40;

/** The placeholder of a scope's i-th province in scopeNewestIds's merge. */
const scopePlaceholder = (i: number) => `p${i}`;

/**
 * The ids of a page newest first of a scope of several provinces: each province's rows off its
 * (status, province, id) index, newest first, merged as they are read (a UNION ALL that PostgreSQL
 * runs as a Merge Append), so a page reads its offset and its rows and no more. PostgreSQL's own
 * plan for `province = any(...)` walked the primary key backwards and visited the table for every
 * row of other provinces (a validator of three provinces, a random page at 1M forms: 32 ms); each
 * province read to the page's end, then sorted, took 2.1 ms; the merge 0.4 ms. A statement is
 * prepared per number of provinces; beyond MERGED_PROVINCES the per-province reads are sorted.
 */
export function scopeNewestIds(start: PageStart, scopeSize: number): SQL {
  const { upTo, skip } = pageBounds(start);
  if (scopeSize > MERGED_PROVINCES) {
    return sql`select x.id from unnest(${sql.placeholder('provinces')}::int[]) as p(id) cross join lateral (
      select a.id from ${assessments} a
      where a.status = ${sql.placeholder('status')} and a.job_province_id = p.id ${upTo}
      order by a.id desc limit (${sql.placeholder('limit')}::int + ${skip}::int)
    ) x order by x.id desc limit ${sql.placeholder('limit')} offset ${skip}`;
  }
  const branches = Array.from(
    { length: scopeSize },
    (_, i) => sql`(select a.id from ${assessments} a
      where a.status = ${sql.placeholder('status')} and a.job_province_id = ${sql.placeholder(scopePlaceholder(i))}::int ${upTo}
      order by a.id desc)`,
  );
  return sql`select m.id from (${sql.join(branches, sql` union all `)}) m
    order by m.id desc limit ${sql.placeholder('limit')} offset ${skip}`;
}

/** The values of scopeNewestIds's per-province placeholders. */
export function scopeValues(filter: ListFilter): Record<string, number> {
  const values: Record<string, number> = {};
  const provinces = filter.provinces ?? [];
  if (provinces.length > MERGED_PROVINCES) return values;
  for (const [i, id] of provinces.entries()) values[scopePlaceholder(i)] = id;
  return values;
}

/** The ids of a page newest first, from where it starts (see pageStart in assessment-lists.repository.ts). */
export function newestIds(db: Executor, shape: string, start: PageStart, scopeSize: number): SQL {
  if (shape === '---s') {
    const ids = scopeNewestIds(start, scopeSize);
    return start === 'block' ? blockStarted(shape, ids) : ids;
  }
  if (start === 'block') {
    return blockStarted(
      shape,
      sql`select ${assessments.id} from ${assessments} where ${listWherePlaceholders(shape)} and ${assessments.id} < ${blockEnd}
        order by ${assessments.id} desc limit ${sql.placeholder('limit')} offset ${blockSkip}`,
    );
  }
  return db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        listWherePlaceholders(shape),
        start === 'anchor' ? lte(assessments.id, sql.placeholder('anchor')) : undefined,
      ),
    )
    .orderBy(desc(assessments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .getSQL();
}
