import { LRUCache } from 'lru-cache';
import type { ReadCache } from '../../db/read-cache.js';

// Where deep pages of a list sorted by one of the form's own columns start reading: every
// ANCHOR_STEP-th row of the list (see pageStart in assessment-lists.repository.ts), kept in memory
// until the list changes, and looked for in the background.

/** A row of a list every ANCHOR_STEP rows (assessment-lists.repository.ts): its sort key (none newest first) and its id. */
export interface Anchor {
  key: unknown;
  id: number;
}

/** While a list's anchors keep being dropped, they are looked for at most once in this many ms. */
const ANCHOR_RETRY_MS = 30_000;
/** When each list's anchors were last looked for, per cache of anchors (that is, per app). */
const sought = new WeakMap<ReadCache<Anchor[]>, LRUCache<string, number>>();

/**
 * Look for a list's anchors in the background, unless that was done in the last ANCHOR_RETRY_MS.
 * Finding them scans the whole list (200 ms for 450,000 NEW forms sorted by name at 1M), and a write
 * to the list drops them: under steady writes, finding them for every deep page took more than the
 * machine had (the mixed benchmark), while a page read straight off the index costs its depth alone.
 */
export function seekAnchors(anchors: ReadCache<Anchor[]>, key: string, find: () => Promise<Anchor[]>): void {
  let last = sought.get(anchors);
  if (!last) {
    last = new LRUCache({ max: 1_000 });
    sought.set(anchors, last);
  }
  const now = Date.now();
  if (now - (last.get(key) ?? 0) < ANCHOR_RETRY_MS) return;
  last.set(key, now);
  // A failed search (the database closing, say) only means the next pages are read off the index.
  anchors.get(key, find).catch(() => {});
}
