import type { AssessmentRowDto, AssessmentSort } from '@tna/domain';
import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { quickQuery } from '../../db/prepared.js';
import type { ReferenceCache, ReferenceNames } from '../../db/reference-cache.js';
import { assessments } from '../../db/schema/index.js';
import {
  ANCHOR_STEP,
  type ListSorting,
  listAnchors,
  listOrder,
  type OwnSort,
  type OwnSorting,
  sortKey,
} from './anchor-search.repository.js';
import { hasBlocks } from './assessment-blocks.repository.js';
import {
  countAssessments,
  filterKey,
  type ListFilter,
  listValues,
  listWherePlaceholders,
  newestIds,
  type PageStart,
  scopedFilter,
  scopeValues,
  shapeOf,
  totalIsKept,
  totalSql,
} from './assessment-filters.repository.js';
import { namesCover, plainRowsWithTotal, toRowDto } from './assessments.repository.js';
import { type GroupCounts, groupCounts } from './group-counts.repository.js';
import { groupOrder, pageGroups } from './group-order.js';
import { groupRanks } from './group-ranks.js';
import { firstAnchorFromEnd, type ListAnchors, lastAnchorUpTo } from './list-anchors.js';
import type { GroupSort, ListGroups } from './list-groups.js';

export type { ListSorting } from './anchor-search.repository.js';
export type { ListFilter } from './assessment-filters.repository.js';
export { listAnchors };

/** The sorts by the name of a place or facility, and the filter each one's groups are. */
const GROUP_SORTS = {
  province: 'province',
  district: 'district',
  health_facility: 'health_facility',
} as const satisfies Record<GroupSort, keyof ListFilter> & Partial<Record<AssessmentSort, keyof ListFilter>>;

function isGroupSort(sort: AssessmentSort): sort is GroupSort {
  return sort in GROUP_SORTS;
}

/**
 * A page in the order of one of the form's own columns: the page's ids are read off a (status, column,
 * id) index in order, then only those rows (names from memory).
 */
function sortedPageQuery(db: Executor, shape: string, sorting: ListSorting & { sort: OwnSort }, anchored: boolean) {
  const key = `list-sorted:${shape}:${sorting.sort}:${sorting.direction}:${anchored}`;
  return quickQuery(db, key, (db, name) => {
    // Descending, the anchor is one of the ascending list's, and the page starts past it (see
    // firstAnchorFromEnd).
    const from = sql`(${sortKey(sorting)}, ${assessments.id}) ${sql.raw(sorting.direction === 'desc' ? '<' : '>=')} (${sql.placeholder('anchorKey')}, ${sql.placeholder('anchor')})`;
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
  });
}

/** Pages that start before this row are read straight off the index. */
const DIRECT_ROWS = 2 * ANCHOR_STEP;
/**
 * While a list has no anchors kept, pages that start before this row are read straight off the index
 * (reading 2,000 index entries costs a few milliseconds); deeper ones from the nearer end. Either
 * way its anchors are looked for in the background, from the first page past DIRECT_ROWS: finding
 * them reads the whole list once (tens of milliseconds for a large province), and since they follow
 * writes they then serve every deep page of the list for as long as they are kept. Before they
 * followed writes they were looked for only past this row: on a slow machine, province searches on
 * pages 34-133 each read up to 2,000 entries (p95 153 ms at 32 connections, bench/README.md).
 */
const DIRECT_ROWS_UNANCHORED = 2_000;

/** What list reads keep in memory while the assessments do not change (see ReadCache). */
/** The key of a list's anchors: the list and its order. */
export function anchorsKey(filter: ListFilter, order: string): string {
  return `${filterKey(filter)}|${order}`;
}

/** The key of a list's group counts: the list and the place or facility it is sorted by. */
export function groupsKey(filter: ListFilter, sort: string): string {
  return `${filterKey(filter)}|${sort}`;
}

export interface ListCaches {
  /** Where deep pages start reading, by list and sorted column, both directions alike (see pageStart). */
  anchors: ListAnchors;
  /** How many rows of a list each place or facility holds, by list and sort (see groupCounts), kept through writes. */
  groups: ListGroups;
}

/**
 * A page newest first: its ids are found on a (status, place, id) index alone, then only those rows
 * are read, from the assessments table alone (names come from memory). `start`: where the scan of
 * the index starts (see pageStart), so a deep page costs little more than the first. `counted`: with
 * the list's total on every row. `scopeSize`: the number of provinces of a scope list (shape '---s').
 */
function newestPageQuery(db: Executor, shape: string, start: PageStart, counted: boolean, scopeSize: number) {
  return quickQuery(db, `list-newest:${shape}:${start}:${counted}:${scopeSize}`, (db, name) =>
    plainRowsWithTotal(db, counted ? totalSql(shape) : sql<number>`0`)
      .where(sql`${assessments.id} = any(array(${newestIds(db, shape, start, scopeSize)}))`)
      .orderBy(desc(assessments.id))
      .prepare(name),
  );
}

/**
 * Where a page starts reading: straight off the index for the first pages. Deep pages start from the
 * last anchor before it (kept through writes, see ListAnchors), so page 20,000 reads about ANCHOR_STEP
 * index entries more than page 1 instead of 300,000. While a list has none (not read yet, aged, or
 * dropped by a change a row notice could not describe), the anchors are looked for in the background
 * (see ListAnchors.seek), and meanwhile a page newest first of a
 * list whose blocks are kept starts at its block (see assessment-blocks.repository.ts), exact after
 * every write; other pages are read straight off the index (see nearerEndRows). Anchors first: at
 * 800 pages a second, the block sums of a three-province list (1.2 ms of PostgreSQL each) were what
 * the database spent most on.
 */
async function pageStart(
  db: Executor,
  filter: ListFilter,
  sorting: OwnSorting,
  offset: number,
  anchors?: ListAnchors,
): Promise<
  { start: 'top' } | { start: 'block' } | { start: 'anchor'; anchorKey: unknown; anchor: number; offset: number }
> {
  if (offset < DIRECT_ROWS) return { start: 'top' };
  const blocks = !sorting.sort && hasBlocks(shapeOf(filter));
  if (!anchors) return { start: blocks ? 'block' : 'top' };
  // A sorted list keeps one set of anchors, ascending, for both directions (see firstAnchorFromEnd).
  const kept: OwnSorting = sorting.sort ? { ...sorting, direction: 'asc' } : sorting;
  const key = anchorsKey(filter, sorting.sort ?? '');
  const found = anchors.peek(key);
  if (found === undefined) {
    void anchors.seek(key, filter, kept, () => listAnchors(db, filter, kept));
    return { start: blocks ? 'block' : 'top' };
  }
  if (sorting.sort && sorting.direction === 'desc') {
    const k = firstAnchorFromEnd(found, offset);
    if (k < 0) return { start: 'top' };
    const anchor = found.list[k]!;
    return { start: 'anchor', anchorKey: anchor.key, anchor: anchor.id, offset: offset - (found.total - anchor.at) };
  }
  const k = lastAnchorUpTo(found.list, offset);
  if (k < 0) return { start: 'top' };
  return {
    start: 'anchor',
    anchorKey: found.list[k]!.key,
    anchor: found.list[k]!.id,
    offset: offset - found.list[k]!.at,
  };
}

/** A list row as read from the assessments table alone, with the list's total (0 when not counted). */
type PlainListRow = Parameters<typeof toRowDto>[0] & { total: number };

/**
 * A deep page of a list sorted by one of its own columns while it has no anchors: read straight off
 * the index from the end nearer to it (the other way round, then reversed), so it reads at most half
 * the list. The rows carry the list's total as they were read: when a write came between the count
 * and the read, the page is read again at the new count.
 */
async function nearerEndRows(
  db: Executor,
  filter: ListFilter,
  sorting: ListSorting & { sort: OwnSort },
  offset: number,
  limit: number,
): Promise<PlainListRow[]> {
  const shape = shapeOf(filter);
  const values = listValues(filter);
  let total = await countAssessments(db, filter);
  for (let tries = 0; ; tries++) {
    const after = total - offset - limit;
    if (after >= offset) return sortedPageQuery(db, shape, sorting, false).execute({ ...values, limit, offset });
    const take = limit + Math.min(0, after);
    if (take <= 0) return [];
    const reversed = { ...sorting, direction: sorting.direction === 'asc' ? 'desc' : 'asc' } as const;
    const rows = await sortedPageQuery(db, shape, reversed, false).execute({
      ...values,
      limit: take,
      offset: Math.max(0, after),
    });
    if (rows.length === 0 || rows[0]!.total === total || tries > 0) return rows.reverse();
    total = rows[0]!.total;
  }
}

/** `limit` rows of a list in the order of its own columns from row `offset`, names still as ids. */
async function plainRows(
  db: Executor,
  filter: ListFilter,
  sorting: OwnSorting,
  offset: number,
  limit: number,
  anchors?: ListAnchors,
  counted = true,
): Promise<PlainListRow[]> {
  const shape = shapeOf(filter);
  const params = { ...listValues(filter), limit, offset };
  const { start, ...from } = await pageStart(db, filter, sorting, offset, anchors);
  if (sorting.sort && start === 'top' && offset >= DIRECT_ROWS_UNANCHORED && totalIsKept(shape)) {
    return nearerEndRows(db, filter, { ...sorting, sort: sorting.sort }, offset, limit);
  }
  if (sorting.sort) {
    return sortedPageQuery(db, shape, { ...sorting, sort: sorting.sort }, start === 'anchor').execute({
      ...params,
      ...from,
    });
  }
  const scopeSize = filter.provinces?.length ?? 0;
  return newestPageQuery(db, shape, start, counted, scopeSize).execute({
    ...params,
    ...scopeValues(filter),
    ...from,
  });
}

/** The kept counts known to have every group named in a copy of the names (see namedGroups). */
const named = new WeakMap<GroupCounts, WeakSet<ReferenceNames>>();

/** Whether the names hold every group of the counts: looked at once per copy of each. */
function namedGroups(groups: GroupCounts, names: ReferenceNames, kind: 'unit' | 'facility'): boolean {
  if (named.get(groups)?.has(names)) return true;
  const all = groups.every(([id]) => (kind === 'facility' ? names.facilities.has(id) : names.units.has(id)));
  if (all) {
    let copies = named.get(groups);
    if (!copies) {
      copies = new WeakSet();
      named.set(groups, copies);
    }
    copies.add(names);
  }
  return all;
}

/**
 * A page of a list sorted by the name of its province, district or facility, ties newest first (or
 * oldest first, ascending): the list is its places (or facilities) in name order, each one's rows by
 * id. How many rows each holds is a tally, so the page's place and its offset in it are worked out in
 * memory, and the page is read off the (status, place, id) index like any newest-first page; no
 * sort of the whole list (which took 0.3-0.7 s at 450,000 rows).
 */
async function groupedRows(
  db: Executor,
  reference: ReferenceCache,
  filter: ListFilter,
  sorting: ListSorting & { sort: GroupSort },
  offset: number,
  limit: number,
  caches?: ListCaches,
): Promise<{ rows: PlainListRow[]; total: number }> {
  const read = () => groupCounts(db, filter, sorting.sort);
  const key = groupsKey(filter, sorting.sort);
  // Kept and shared by every request: not changed here (groupOrder works on a copy).
  const groups = caches ? await caches.groups.counts(key, filter, sorting.sort, read) : (await read()).counts;
  const kind = sorting.sort === 'health_facility' ? 'facility' : 'unit';
  const names = await reference.names((n) => namedGroups(groups, n, kind));
  const order = groupOrder(groups, groupRanks(names, kind, sorting.lang));
  const rows: PlainListRow[] = [];
  for (const { id, n, skip, take } of pageGroups(order, offset, limit, sorting.direction)) {
    const one = { ...filter, [GROUP_SORTS[sorting.sort]]: id };
    const newest = { direction: 'desc', lang: sorting.lang } as const;
    if (sorting.direction === 'desc') {
      rows.push(...(await plainRows(db, one, newest, skip, take, caches?.anchors, false)));
    } else {
      // Oldest first from `skip` is newest first from the other end, reversed.
      rows.push(...(await plainRows(db, one, newest, n - skip - take, take, caches?.anchors, false)).reverse());
    }
  }
  return { rows, total: order.total };
}

/**
 * One page of a review list, sorted across the whole result, with the list's total; only forms of
 * the reader's provinces (`scope`, null for all).
 */
export async function pageAssessments(
  db: Executor,
  reference: ReferenceCache,
  searched: ListFilter,
  scope: readonly number[] | null,
  sorting: ListSorting,
  page: number,
  perPage: number,
  caches?: ListCaches,
): Promise<{ rows: AssessmentRowDto[]; total: number }> {
  const filter = scopedFilter(searched, scope);
  if (filter.provinces?.length === 0) return { rows: [], total: 0 };
  const offset = (page - 1) * perPage;
  const { sort } = sorting;
  let plain: PlainListRow[];
  let total: number;
  if (sort && isGroupSort(sort)) {
    ({ rows: plain, total } = await groupedRows(db, reference, filter, { ...sorting, sort }, offset, perPage, caches));
  } else {
    plain = await plainRows(db, filter, { ...sorting, sort }, offset, perPage, caches?.anchors);
    // A page past the end has no row to carry the total.
    total = plain[0]?.total ?? (await countAssessments(db, filter));
  }
  const names = await reference.names(namesCover(plain));
  return { rows: plain.map((row) => toRowDto(row, names)), total };
}
