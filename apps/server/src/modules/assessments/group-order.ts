import type { GroupCounts } from './group-counts.repository.js';

/**
 * A list's places (or facilities) in name order, each with how many of the list's rows it holds
 * and how many come before it. A page sorted by place name used to copy and sort every group on each
 * request: with a facility's thousands of groups that sort, and the check that every group has a
 * name, were a tenth of the server's time under the benchmark's place-sorted pages. They are now
 * worked out once for each kept copy of the counts and of the names' order (both are replaced, not
 * changed, when they change), and a page finds its groups by binary search.
 */
export interface GroupOrder {
  ids: number[];
  counts: number[];
  /** The rows of the groups before each one, ascending. */
  starts: number[];
  total: number;
}

const orders = new WeakMap<GroupCounts, WeakMap<ReadonlyMap<number, number>, GroupOrder>>();

/** The groups in the order of `rank` (a group it does not know goes last), ties by id. */
export function groupOrder(groups: GroupCounts, rank: ReadonlyMap<number, number>): GroupOrder {
  let byRank = orders.get(groups);
  if (!byRank) {
    byRank = new WeakMap();
    orders.set(groups, byRank);
  }
  let order = byRank.get(rank);
  if (!order) {
    const last = Number.MAX_SAFE_INTEGER;
    const sorted = [...groups].sort((a, b) => (rank.get(a[0]) ?? last) - (rank.get(b[0]) ?? last) || a[0] - b[0]);
    const starts: number[] = [];
    let total = 0;
    for (const [, n] of sorted) {
      starts.push(total);
      total += n;
    }
    order = { ids: sorted.map(([id]) => id), counts: sorted.map(([, n]) => n), starts, total };
    byRank.set(rank, order);
  }
  return order;
}

/** One group's part of a page: `skip` rows of it, then `take`, counted in the page's direction. */
export interface GroupSlice {
  id: number;
  /** The rows the group holds. */
  n: number;
  skip: number;
  take: number;
}

/**
 * The groups a page of `limit` rows from `offset` falls in, in the page's direction (descending:
 * the groups from the last, each one's rows from its end).
 */
export function pageGroups(order: GroupOrder, offset: number, limit: number, direction: 'asc' | 'desc'): GroupSlice[] {
  const g = order.ids.length;
  // The k-th group in the page's direction, and the rows before it in that direction.
  const at = (k: number) => (direction === 'asc' ? k : g - 1 - k);
  const before = (k: number) =>
    direction === 'asc' ? order.starts[k]! : order.total - order.starts[at(k)]! - order.counts[at(k)]!;
  // The first group that ends after `offset`.
  let lo = 0;
  let hi = g;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid) + order.counts[at(mid)]! > offset) hi = mid;
    else lo = mid + 1;
  }
  const slices: GroupSlice[] = [];
  let left = limit;
  for (let k = lo; k < g && left > 0; k++) {
    const n = order.counts[at(k)]!;
    const skip = Math.max(0, offset - before(k));
    const take = Math.min(left, n - skip);
    if (take <= 0) continue;
    slices.push({ id: order.ids[at(k)]!, n, skip, take });
    left -= take;
  }
  return slices;
}
