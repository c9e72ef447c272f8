import type { AssessmentRowDto, AssessmentSort } from '@tna/domain';
import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import type { ReadCache } from '../../db/read-cache.js';
import type { ReferenceCache } from '../../db/reference-cache.js';
import { assessments, assessmentTallies, healthFacilities } from '../../db/schema/index.js';
import { namesCover, plainRowsWithTotal, rowsWithTotalFrom, toRowDto } from './assessments.repository.js';

export interface ListFilter {
  status: string;
  province?: number | null | undefined;
  district?: number | null | undefined;
  health_facility?: number | null | undefined;
}

export interface ListSorting {
  sort?: AssessmentSort | undefined;
  direction: 'asc' | 'desc';
  lang: 'en' | 'fa' | 'ps';
}

export function listWhere(f: ListFilter): SQL {
  return and(
    eq(assessments.status, f.status),
    f.province ? eq(assessments.jobProvinceId, f.province) : undefined,
    f.district ? eq(assessments.jobDistrictId, f.district) : undefined,
    f.health_facility ? eq(assessments.hospitalId, f.health_facility) : undefined,
  )!;
}

function unitName(alias: 'temp_province' | 'temp_district', lang: ListSorting['lang']): SQL {
  const t = sql.raw(`"${alias}"`);
  if (lang === 'fa') return sql`coalesce(${t}.name_fa, ${t}.name_en)`;
  if (lang === 'ps') return sql`coalesce(${t}.name_ps, ${t}.name_fa, ${t}.name_en)`;
  return sql`${t}.name_en`;
}

/** The expression a list is sorted by (names of places and facilities need the joins of rowsFrom). */
function sortKey(s: ListSorting & { sort: AssessmentSort }): SQL {
  const keys: Record<AssessmentSort, SQL> = {
    province: unitName('temp_province', s.lang),
    district: unitName('temp_district', s.lang),
    health_facility: sql`lower(${healthFacilities.name})`,
    name: sql`${assessments.nameKey}`,
    fathername: sql`${assessments.fathernameKey}`,
    birth_year: sql`${assessments.birthYear}`,
    implementing_organization: sql`${assessments.partnerKey}`,
    phone: sql`${assessments.phone}`,
    created_at: sql`${assessments.createdAt}`,
  };
  return keys[s.sort];
}

/** ORDER BY for a list: the chosen column across all rows, ties (and the default) newest first by id. */
export function listOrder(s: ListSorting): SQL[] {
  const dir = s.direction === 'desc' ? desc : asc;
  if (!s.sort) return [desc(assessments.id)];
  return [dir(sortKey({ ...s, sort: s.sort })), dir(assessments.id)];
}

/** The filter shapes assessment_tallies keeps (province, district, facility; migration 0008). */
const TALLIED_SHAPES = new Set(['---', 'p--', 'pd-', 'pdh', '--h']);

/** Which of the list filters are set, e.g. 'pd-' for a province and a district. */
export function shapeOf(f: ListFilter): string {
  return `${f.province ? 'p' : '-'}${f.district ? 'd' : '-'}${f.health_facility ? 'h' : '-'}`;
}

/** The WHERE of a list for a filter shape, its values as placeholders (see preparedQuery). */
export function listWherePlaceholders(shape: string): SQL {
  return and(
    eq(assessments.status, sql.placeholder('status')),
    shape[0] === 'p' ? eq(assessments.jobProvinceId, sql.placeholder('province')) : undefined,
    shape[1] === 'd' ? eq(assessments.jobDistrictId, sql.placeholder('district')) : undefined,
    shape[2] === 'h' ? eq(assessments.hospitalId, sql.placeholder('health_facility')) : undefined,
  )!;
}

/**
 * How many assessments a list holds. The filters the screens send (none, a province, a province and
 * district, those and a facility, or a facility alone) are one row of the tallies the database keeps;
 * any other combination is counted on the list index.
 */
function totalSql(shape: string): SQL<number> {
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
  return { status: f.status, province: f.province, district: f.district, health_facility: f.health_facility };
}

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

/** Sorts by a name of a place or facility, which only a join gives; the others are the form's own columns. */
const JOINED_SORTS = new Set<AssessmentSort>(['province', 'district', 'health_facility']);

/**
 * A page in a chosen order. By one of the form's own columns: the page's ids are read off a (status,
 * column, id) index in order, then only those rows (names from memory). By a place or facility name:
 * joined and sorted in SQL.
 */
function sortedPageQuery(
  db: Executor,
  shape: string,
  sorting: ListSorting & { sort: AssessmentSort },
  anchored: boolean,
) {
  const joined = JOINED_SORTS.has(sorting.sort);
  const key = `list-sorted:${shape}:${sorting.sort}:${sorting.direction}:${joined ? sorting.lang : ''}:${anchored}`;
  if (joined) {
    return {
      joined,
      query: preparedQuery(db, key, (name) =>
        rowsWithTotalFrom(db, totalSql(shape))
          .where(listWherePlaceholders(shape))
          .orderBy(...listOrder(sorting))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name),
      ),
    } as const;
  }
  return {
    joined,
    query: preparedQuery(db, key, (name) => {
      const from = sql`(${sortKey(sorting)}, ${assessments.id}) ${sql.raw(sorting.direction === 'desc' ? '<=' : '>=')} (${sql.placeholder('anchorKey')}, ${sql.placeholder('anchor')})`;
      const ids = db
        .select({ id: assessments.id })
        .from(assessments)
        .where(and(listWherePlaceholders(shape), anchored ? from : undefined))
        .orderBy(...listOrder(sorting))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return plainRowsWithTotal(db, totalSql(shape))
        .where(sql`${assessments.id} = any(array(${ids}))`)
        .orderBy(...listOrder(sorting))
        .prepare(name);
    }),
  } as const;
}

/** Every ANCHOR_STEP-th id of a list newest first: a deep page starts reading at the nearest one. */
const ANCHOR_STEP = 1000;
/** Pages that start before this row are read straight off the index. */
const DIRECT_ROWS = 2 * ANCHOR_STEP;

/** A row of a list every ANCHOR_STEP rows: its sort key (none newest first) and its id. */
export interface Anchor {
  key: unknown;
  id: number;
}

/** The anchors of a list in an order: rows 0, ANCHOR_STEP, 2 * ANCHOR_STEP... (one index-only scan). */
export async function listAnchors(db: Executor, filter: ListFilter, sorting: ListSorting): Promise<Anchor[]> {
  const key = sorting.sort ? sortKey({ ...sorting, sort: sorting.sort }) : sql`null`;
  const res = await db.execute(sql`select k, id from (
      select ${key} as k, ${assessments.id} as id, row_number() over (order by ${sql.join(listOrder(sorting), sql`, `)}) - 1 as n
      from ${assessments} where ${listWhere(filter)}
    ) x where n % ${ANCHOR_STEP} = 0 order by n`);
  return (res as unknown as { rows: { k: unknown; id: number }[] }).rows.map((r) => ({ key: r.k, id: Number(r.id) }));
}

/**
 * A page newest first: its ids are found on a (status, place, id) index alone, then only those rows
 * are read, from the assessments table alone (names come from memory). `anchored`: the scan starts at
 * an anchor id (see pageStart), so a deep page costs little more than the first.
 */
function newestPageQuery(db: Executor, shape: string, anchored: boolean) {
  return preparedQuery(db, `list-newest:${shape}:${anchored}`, (name) => {
    const ids = db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(listWherePlaceholders(shape), anchored ? lte(assessments.id, sql.placeholder('anchor')) : undefined))
      .orderBy(desc(assessments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return plainRowsWithTotal(db, totalSql(shape))
      .where(sql`${assessments.id} = any(array(${ids}))`)
      .orderBy(desc(assessments.id))
      .prepare(name);
  });
}

/**
 * Where a page starts reading: straight off the index for the first pages; for deep ones, from the
 * nearest anchor (kept until the list changes), so page 20,000 reads at most ANCHOR_STEP index entries
 * more than page 1 instead of 300,000. Lists sorted by a joined name have none.
 */
async function pageStart(
  db: Executor,
  filter: ListFilter,
  sorting: ListSorting,
  offset: number,
  anchors?: ReadCache<Anchor[]>,
): Promise<{ anchorKey: unknown; anchor: number; offset: number } | null> {
  if (!anchors || offset < DIRECT_ROWS || (sorting.sort && JOINED_SORTS.has(sorting.sort))) return null;
  const order = sorting.sort ? `${sorting.sort}:${sorting.direction}` : '';
  const key = `${filter.status}|${filter.province ?? ''}|${filter.district ?? ''}|${filter.health_facility ?? ''}|${order}`;
  const found = await anchors.get(key, () => listAnchors(db, filter, sorting));
  const k = Math.min(Math.floor(offset / ANCHOR_STEP), found.length - 1);
  if (k < 0) return null;
  return { anchorKey: found[k]!.key, anchor: found[k]!.id, offset: offset - k * ANCHOR_STEP };
}

/** One page of a review list, sorted across the whole result, with the list's total, in one statement. */
export async function pageAssessments(
  db: Executor,
  reference: ReferenceCache,
  filter: ListFilter,
  sorting: ListSorting,
  page: number,
  perPage: number,
  anchors?: ReadCache<Anchor[]>,
): Promise<{ rows: AssessmentRowDto[]; total: number }> {
  const shape = shapeOf(filter);
  const params = { ...listValues(filter), limit: perPage, offset: (page - 1) * perPage };
  let rows: AssessmentRowDto[];
  let first: { total: number } | undefined;
  const start = await pageStart(db, filter, sorting, params.offset, anchors);
  const sorted = sorting.sort ? sortedPageQuery(db, shape, { ...sorting, sort: sorting.sort }, start !== null) : null;
  if (sorted?.joined) {
    const found = await sorted.query.execute(params);
    first = found[0];
    rows = found.map(({ total: _total, ...row }) => row);
  } else if (sorted) {
    const plain = await sorted.query.execute({ ...params, ...start });
    first = plain[0];
    const names = await reference.names(namesCover(plain));
    rows = plain.map((row) => toRowDto(row, names));
  } else {
    const plain = await newestPageQuery(db, shape, start !== null).execute({ ...params, ...start });
    first = plain[0];
    const names = await reference.names(namesCover(plain));
    rows = plain.map((row) => toRowDto(row, names));
  }
  // A page past the end has no row to carry the total.
  const total = first?.total ?? (await countAssessments(db, filter));
  return { rows, total };
}
