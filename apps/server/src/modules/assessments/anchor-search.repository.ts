import type { AssessmentSort } from '@tna/domain';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessments } from '../../db/schema/index.js';
import { type ListFilter, type ListShape, listWhere, shapeOf } from './assessment-filters.repository.js';
import { type FoundAnchors, parseSnapshot } from './list-anchors.js';

export interface ListSorting {
  sort?: AssessmentSort | undefined;
  direction: 'asc' | 'desc';
  lang: 'en' | 'fa' | 'ps';
}

/** The sorts by one of the form's own columns, each read off a (status, column, id) index. */
export type OwnSort = Exclude<AssessmentSort, 'province' | 'district' | 'health_facility'>;
/** A list's order by the form's own columns: one of them, or none (newest first). */
export type OwnSorting = ListSorting & { sort?: OwnSort | undefined };

/** Every ANCHOR_STEP-th row of a list when its anchors are read: a deep page starts reading at the nearest one. */
export const ANCHOR_STEP = 250;

/** The expression a list is sorted by, for the form's own columns. */
export function sortKey(s: ListSorting & { sort: OwnSort }): SQL {
  const keys: Record<OwnSort, SQL> = {
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
export function listOrder(s: ListSorting & { sort?: OwnSort | undefined }): SQL[] {
  const dir = s.direction === 'desc' ? desc : asc;
  if (!s.sort) return [desc(assessments.id)];
  return [dir(sortKey({ ...s, sort: s.sort })), dir(assessments.id)];
}

/**
 * The lists an index holds in each of their own columns' orders: a status alone, or a status and a
 * province (the schema's (status[, province], column, id) indexes).
 */
const SORTED_BY_INDEX: ReadonlySet<string> = new Set<ListShape>(['---', 'p--']);

/**
 * How a list's anchors are read: by jumps where an index holds the list in the order, else by
 * numbering its rows.
 */
export function anchorSearch(filter: ListFilter, sorting: OwnSorting): 'jumps' | 'numbering' {
  const shape = shapeOf(filter);
  // Newest first, every list of one place or facility has its (status, place, id) index; a scope's
  // several provinces are in no single index's order.
  if (!sorting.sort) return shape.includes('s') ? 'numbering' : 'jumps';
  return SORTED_BY_INDEX.has(shape) ? 'jumps' : 'numbering';
}

/**
 * The anchors of a list in an order: rows 0, ANCHOR_STEP, 2 * ANCHOR_STEP..., with the snapshot they
 * were read in (see ListAnchors: row notices of transactions it saw are in them) and the list's rows in
 * that snapshot.
 */
export function listAnchors(db: Executor, filter: ListFilter, sorting: OwnSorting): Promise<FoundAnchors> {
  return anchorSearch(filter, sorting) === 'jumps'
    ? jumpedAnchors(db, filter, sorting)
    : windowAnchors(db, filter, sorting);
}

/**
 * Anchors by jumps down the list's index: each one is ANCHOR_STEP index entries past the one before
 * (a recursive query, each step an index-only read of that many entries), and the rows after the last
 * are counted. Numbering every row with window functions cost three times as much (a province's
 * 49,000 NEW forms by phone: 38 ms against 18 ms; the 450,000 NEW forms by name: 165 ms against
 * 56 ms, bench/README.md), and a validator's first province searches set off hundreds of these
 * searches at once. The row comparison needs keys that are never null, as the pages' own does
 * (sortedPageQuery): every sort column is NOT NULL or made by tna_sort_key of one.
 */
export async function jumpedAnchors(db: Executor, filter: ListFilter, sorting: OwnSorting): Promise<FoundAnchors> {
  const where = () => listWhere(filter);
  const order = sql.join(listOrder(sorting), sql`, `);
  // Newest first is by id alone, descending; a sort by a column is by it and then id, both one way.
  const descending = !sorting.sort || sorting.direction === 'desc';
  const past = sql.raw(descending ? '<' : '>');
  const key = sorting.sort ? sortKey({ ...sorting, sort: sorting.sort }) : sql`null::integer`;
  const columns = sorting.sort ? sql`(${key}, ${assessments.id})` : sql`${assessments.id}`;
  const after = sorting.sort ? sql`(a.k, a.id)` : sql`a.id`;
  const res = await db.execute(sql`with recursive a(k, id, n) as (
      (select ${key}, ${assessments.id}, 0::bigint from ${assessments} where ${where()} order by ${order} limit 1)
      union all
      (select x.k, x.id, a.n + ${ANCHOR_STEP} from a cross join lateral (
        select ${key} as k, ${assessments.id} as id from ${assessments}
        where ${where()} and ${columns} ${past} ${after}
        order by ${order} offset ${ANCHOR_STEP - 1} limit 1) x)
    )
    select s.snap, a.k, a.id, a.n, case when a.n = (select max(n) from a) then (
        select count(*) from (select 1 from ${assessments} where ${where()} and ${columns} ${past} ${after}
        limit ${ANCHOR_STEP}) r) end as rest
    from (select pg_current_snapshot()::text as snap) s left join a on true order by a.n`);
  type Row = { snap: string; k: unknown; id: number | null; n: number | string | null; rest: number | string | null };
  const rows = (res as unknown as { rows: Row[] }).rows;
  const snapshot = parseSnapshot(rows[0]?.snap);
  if (!snapshot) throw new Error('The anchors were read without a snapshot');
  const found = rows.filter((r) => r.id !== null);
  const list = found.map((r) => ({ key: r.k, id: Number(r.id), at: Number(r.n) }));
  const last = found.find((r) => r.rest !== null);
  return { list, snapshot, total: last ? Number(last.n) + 1 + Number(last.rest) : 0 };
}

/**
 * Anchors by numbering every row of the list in its order (one scan and a sort where no index has the
 * order, as for a scope's several provinces), its size told by its last row (lead() looks one row
 * ahead, where a count over the whole window would hold every row until the end).
 */
export async function windowAnchors(db: Executor, filter: ListFilter, sorting: OwnSorting): Promise<FoundAnchors> {
  const key = sorting.sort ? sortKey({ ...sorting, sort: sorting.sort }) : sql`null`;
  const res =
    await db.execute(sql`select s.snap, x.k, x.id, x.n, x.last from (select pg_current_snapshot()::text as snap) s
    left join (
      select k, id, n, last from (
        select ${key} as k, ${assessments.id} as id, row_number() over w - 1 as n, lead(${assessments.id}) over w is null as last
        from ${assessments} where ${listWhere(filter)}
        window w as (order by ${sql.join(listOrder(sorting), sql`, `)})
      ) y where n % ${ANCHOR_STEP} = 0 or last
    ) x on true order by x.n`);
  type Row = { snap: string; k: unknown; id: number | null; n: number | string; last: boolean | null };
  const rows = (res as unknown as { rows: Row[] }).rows;
  const snapshot = parseSnapshot(rows[0]?.snap);
  if (!snapshot) throw new Error('The anchors were read without a snapshot');
  const found = rows.filter((r) => r.id !== null);
  const list = found
    .filter((r) => Number(r.n) % ANCHOR_STEP === 0)
    .map((r) => ({ key: r.k, id: Number(r.id), at: Number(r.n) }));
  const last = found.find((r) => r.last);
  return { list, snapshot, total: last ? Number(last.n) + 1 : 0 };
}
