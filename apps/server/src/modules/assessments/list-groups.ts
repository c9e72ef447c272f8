import type { CacheStore } from '../../db/cache-store.js';
import type { ChangeFeed } from '../../db/changes.js';
import type { ListFilter } from './assessment-filters.repository.js';
import { type Followed, FollowedLists, type Snapshot } from './followed-lists.js';
import type { GroupCounts } from './group-counts.repository.js';

/** The sorts by a place's or facility's name. */
export type GroupSort = 'province' | 'district' | 'health_facility';

/** Where a row notice's row holds each sort's place (the trigger's list, migration 0027). */
const PLACE_AT: Record<GroupSort, number> = { province: 3, district: 4, health_facility: 5 };

/** A list's group counts as read: with the snapshot they were read in, or none for an empty list. */
export interface FoundGroups {
  counts: GroupCounts;
  snapshot: Snapshot | null;
}

interface SortedGroups {
  counts: GroupCounts;
  sort: GroupSort;
  snapshot: Snapshot;
}

type KeptGroups = Followed<SortedGroups>;

/** Stands in for the snapshot of a list read empty: such a value is never kept. */
const NO_SNAPSHOT: Snapshot = { xmin: 0, xmax: 0, xip: [] };

/**
 * The group counts of an instance's lists sorted by place or facility name (see groupCounts), by list
 * and sort, kept through writes: each row that joins or leaves a list adds or takes one from its
 * place's count. When they were dropped by every write instead, half the pages sorted by province
 * name in the mixed benchmark (66 writes a second) read the counts again first: 510 reads of the
 * tallies in 20 s, one round trip more on the slowest kind of read (bench/README.md, 2026-11-30).
 * The counts are replaced, not changed, when a row comes in: the orders worked out from them
 * (group-order.ts) are kept by their identity.
 */
export class ListGroups extends FollowedLists<SortedGroups> {
  constructor(store: CacheStore, changes: ChangeFeed, ttlMs = 300_000) {
    super(store, changes, 'groups', ttlMs);
  }

  /** A list's group counts: kept, or read with `find` (and kept, if it found any). */
  async counts(
    key: string,
    filter: ListFilter,
    sort: GroupSort,
    find: () => Promise<FoundGroups>,
  ): Promise<GroupCounts> {
    let read: KeptGroups | undefined;
    const load = async () => {
      let empty = false;
      read = await this.read(key, filter, async () => {
        const found = await find();
        empty = !found.snapshot;
        return { counts: found.counts, sort, snapshot: found.snapshot ?? NO_SNAPSHOT };
      });
      // With no row, the read gave no snapshot to tell which notices it saw.
      if (empty) read.gone = true;
      return read;
    };
    const kept = await this.cache.get(key, load, this.keep);
    if (read) this.settle(read);
    return kept.counts;
  }

  /** The counts kept for a list, if any (for the tests). */
  peek(key: string): GroupCounts | undefined {
    return this.cache.peek(key)?.counts;
  }

  protected take(kept: KeptGroups, row: unknown[]): boolean {
    const place = row[PLACE_AT[kept.sort]];
    if (typeof place !== 'number') return false;
    const sign = row[0] === -1 ? -1 : 1;
    const i = kept.counts.findIndex(([id]) => id === place);
    if (i < 0) {
      if (sign < 0) return false;
      kept.counts = [...kept.counts, [place, 1]];
      return true;
    }
    const n = kept.counts[i]![1] + sign;
    const next = kept.counts.slice();
    if (n > 0) next[i] = [place, n];
    else if (n === 0) next.splice(i, 1);
    else return false;
    kept.counts = next;
    return true;
  }
}
