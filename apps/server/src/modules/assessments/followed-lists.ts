import type { CacheStore } from '../../db/cache-store.js';
import type { ChangeFeed, RowNotice } from '../../db/changes.js';
import { ReadCache } from '../../db/read-cache.js';
import type { ListFilter } from './assessment-filters.repository.js';

// What a list keeps in memory that a write need not drop: the anchors of its deep pages
// (list-anchors.ts) and the counts of its places when sorted by their names (list-groups.ts). Each
// statement that changes a few forms sends a row notice (migration 0027) saying which rows left and
// joined which lists; a kept value takes each row in, or is dropped when it cannot. Both kinds live
// under the `order` topic, which only a change no row notice describes moves on.

/** A PostgreSQL snapshot (pg_current_snapshot): which transactions' changes it sees. */
export interface Snapshot {
  xmin: number;
  xmax: number;
  xip: number[];
}

/** A snapshot as pg_current_snapshot()::text gives it ('xmin:xmax:xip,...'), or null. */
export function parseSnapshot(text: unknown): Snapshot | null {
  const m = /^(\d+):(\d+):([\d,]*)$/.exec(String(text));
  if (!m) return null;
  const xip = m[3] ? m[3].split(',').map(Number) : [];
  return { xmin: Number(m[1]), xmax: Number(m[2]), xip };
}

/** Whether a transaction's changes are in what a snapshot sees (as pg_visible_in_snapshot). */
export function sees(s: Snapshot, xid: number): boolean {
  return xid < s.xmin || (xid < s.xmax && !s.xip.includes(xid));
}

/** Whether a notice's row is in a list (as listWhere in assessment-filters.repository.ts says). */
export function inList(f: ListFilter, row: unknown[]): boolean {
  const [, , status, province, district, facility] = row;
  return (
    status === f.status &&
    (!f.province || province === f.province) &&
    (!f.district || district === f.district) &&
    (!f.health_facility || facility === f.health_facility) &&
    (!f.provinces || f.provinces.includes(province as number))
  );
}

/** A value read for one list, with the snapshot it was read in. */
export interface Found {
  snapshot: Snapshot;
}

/**
 * A value as kept: its key and list, the number of the last row notice it has taken in, and whether a
 * notice it could not take in has made it useless.
 */
export type Followed<F extends Found> = F & { key: string; filter: ListFilter; heard: number; gone?: boolean };

/**
 * Values kept by list that follow the row notices: a value read while notices arrive takes in those
 * its snapshot did not see, and a value kept takes in each one once.
 */
export abstract class FollowedLists<F extends Found> {
  protected readonly cache: ReadCache<Followed<F>>;
  /** The values kept, which row notices must update. */
  protected readonly held = new Map<string, Followed<F>>();
  /** Values just read, not yet in the store: row notices must update them too. */
  private readonly loading = new Set<Followed<F>>();
  /** How many row notices this instance has heard. */
  private heardCount = 0;
  /** The notices heard while values are being read, numbered: a read must take them in. */
  private recent: { n: number; notice: RowNotice }[] = [];
  private reading = 0;
  private readonly stop: () => void;

  constructor(store: CacheStore, changes: ChangeFeed, name: string, ttlMs: number) {
    this.cache = new ReadCache(store, changes, name, ['order'], ttlMs);
    this.stop = changes.onRows((notice) => this.hear(notice));
  }

  /** Takes a row that left (`row[0]` -1) or joined (+1) a value's list into it; false when it cannot. */
  protected abstract take(kept: Followed<F>, row: unknown[]): boolean;

  /** A value no notice can bring up to date any more: it is let go (and not kept if still being read). */
  protected drop(kept: Followed<F>): void {
    kept.gone = true;
    this.held.delete(kept.key);
    this.cache.delete(kept.key);
  }

  /** Reads a list's value, and takes in what was heard while it was read. */
  protected async read(key: string, filter: ListFilter, find: () => Promise<F>): Promise<Followed<F>> {
    const from = this.heardCount;
    this.reading++;
    try {
      const kept: Followed<F> = { ...(await find()), key, filter, heard: from };
      // What was heard while it was read, from transactions its snapshot did not see.
      for (const { n, notice } of this.recent) this.apply(kept, notice, n);
      this.loading.add(kept);
      return kept;
    } finally {
      if (--this.reading === 0) this.recent = [];
    }
  }

  /** For the store: a value dropped while it was read is not kept. */
  protected readonly keep = (kept: Followed<F>): number | false => (kept.gone ? false : Number.POSITIVE_INFINITY);

  /** A value read is in the store, or was not kept: either way notices now reach it as held, or not at all. */
  protected settle(kept: Followed<F>): boolean {
    this.loading.delete(kept);
    // Values gone from the store are let go here too, so that no reference keeps them in memory
    // outside its budget while no write comes to prune them.
    this.prune();
    if (kept.gone || !this.cache.holds(kept.key, kept)) return false;
    this.held.set(kept.key, kept);
    return true;
  }

  /** Stop hearing row notices (the app is closing). */
  close(): void {
    this.stop();
    this.held.clear();
    this.loading.clear();
  }

  private hear(notice: RowNotice): void {
    const n = ++this.heardCount;
    if (this.reading > 0) this.recent.push({ n, notice });
    for (const kept of this.loading) this.apply(kept, notice, n);
    this.prune();
    for (const kept of this.held.values()) this.apply(kept, notice, n);
  }

  /** Let go of the values gone from the store (aged, pushed out, or an `order` change). */
  private prune(): void {
    // `holds` does not count as a use: updating values must not keep them in the store.
    for (const [key, kept] of this.held) if (!this.cache.holds(key, kept)) this.held.delete(key);
  }

  /** Takes row notice `n` into a value, once; drops the value when a row cannot be taken in. */
  private apply(kept: Followed<F>, notice: RowNotice, n: number): void {
    if (n <= kept.heard) return;
    kept.heard = n;
    if (sees(kept.snapshot, notice.xid)) return;
    for (const row of notice.rows) {
      if (!inList(kept.filter, row)) continue;
      if (!this.take(kept, row)) {
        this.drop(kept);
        return;
      }
    }
  }
}
