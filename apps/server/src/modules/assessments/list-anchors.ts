import type { AssessmentSort } from '@tna/domain';
import { LRUCache } from 'lru-cache';
import type { CacheStore } from '../../db/cache-store.js';
import type { ChangeFeed } from '../../db/changes.js';
import type { ListFilter } from './assessment-filters.repository.js';
import { type Followed, FollowedLists, type Snapshot } from './followed-lists.js';

export { parseSnapshot, type Snapshot, sees } from './followed-lists.js';

// Where deep pages of a list start reading: every ANCHOR_STEP-th row of the list when it was read
// (see pageStart in assessment-lists.repository.ts), looked for in the background and kept in memory.
// A write no longer drops them: each statement that changes a few forms sends a row notice (migration
// 0027) saying which rows left and joined which lists and where they sort, and the anchors after such
// a row move down or up by one. Under steady writes (the mixed benchmark, 50 writes a second) dropping
// them meant every deep page sorted by name or phone read up to half its list off the index.

/**
 * A row of a list: its sort key (none newest first), its id, and how many rows of the list sort
 * before it (`at`), which row notices keep true as rows join and leave the list.
 */
export interface Anchor {
  key: unknown;
  id: number;
  at: number;
}

/** The last anchor with at most `offset` rows before it (-1 for none): where a page from `offset` starts. */
export function lastAnchorUpTo(found: readonly Anchor[], offset: number): number {
  let lo = 0;
  let hi = found.length - 1;
  let k = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (found[mid]!.at <= offset) {
      k = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return k;
}

/**
 * Where a page from `offset` of a list in the reverse of its anchors' order starts: the anchor
 * whose reverse page skips the fewest rows, or -1 for none. Read the other way, the rows before an
 * anchor are those after it, and the rows from it on (the anchor itself, if it is still in the list)
 * come first: the page reads the rows strictly past the anchor, the first of them at `total - at`.
 * So one search serves both directions of a sorted list.
 */
export function firstAnchorFromEnd(held: HeldAnchors, offset: number): number {
  const need = held.total - offset;
  let lo = 0;
  let hi = held.list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (held.list[mid]!.at >= need) hi = mid;
    else lo = mid + 1;
  }
  return lo < held.list.length ? lo : -1;
}

/** The order of a list whose anchors are kept: one of the form's own columns, or none (newest first). */
export interface AnchorOrder {
  sort?: AssessmentSort | undefined;
  direction: 'asc' | 'desc';
}

/** A list's anchors as read, with the snapshot they were read in and the list's rows then (`total`). */
export interface FoundAnchors {
  list: Anchor[];
  snapshot: Snapshot;
  total: number;
}

/** A list's anchors as kept: `total` follows the row notices as the anchors' counts do. */
export interface HeldAnchors {
  readonly list: readonly Anchor[];
  readonly total: number;
}

/** Anchors as found, with the order they were read in (a row notice's row is placed by it). */
interface OrderedAnchors extends FoundAnchors {
  order: AnchorOrder;
}

type KeptAnchors = Followed<OrderedAnchors>;

/** Where a row notice's row holds each sort key (the trigger's list, migration 0027). */
const KEY_AT: Partial<Record<AssessmentSort, number>> = {
  name: 6,
  fathername: 7,
  birth_year: 8,
  implementing_organization: 9,
  phone: 10,
};

const ONLY_DIGITS = /^\+?\d+$/;

/**
 * Two sort keys compared as PostgreSQL compares them ascending (nulls last), or undefined when that
 * cannot be told here. The name keys are COLLATE "C" (byte order); the phone has the database's
 * collation, which orders strings of digits (each with or without the same leading +) as bytes do,
 * and anything else by rules not known here.
 */
function compareKeys(sort: AssessmentSort, a: unknown, b: unknown): number | undefined {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (sort === 'birth_year') return typeof a === 'number' && typeof b === 'number' ? a - b : undefined;
  if (typeof a !== 'string' || typeof b !== 'string') return undefined;
  if (sort === 'phone') {
    if (!ONLY_DIGITS.test(a) || !ONLY_DIGITS.test(b) || (a[0] === '+') !== (b[0] === '+')) return undefined;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (KEY_AT[sort] === undefined) return undefined;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Whether a row sorts before an anchor in a list's order, or undefined when that cannot be told. */
function sortsBefore(order: AnchorOrder, row: unknown[], anchor: Anchor): boolean | undefined {
  const id = row[1] as number;
  if (!order.sort) return id > anchor.id;
  const at = KEY_AT[order.sort];
  if (at === undefined) return undefined;
  const c = compareKeys(order.sort, row[at], anchor.key);
  if (c === undefined) return undefined;
  const ascending = c !== 0 ? c : id - anchor.id;
  return order.direction === 'asc' ? ascending < 0 : ascending > 0;
}

/** Moves the anchors after a row that left (-1) or joined (+1) the list; false when that cannot be told. */
function shift(kept: KeptAnchors, row: unknown[]): boolean {
  const sign = row[0] === -1 ? -1 : 1;
  kept.total += sign;
  // The first anchor the row sorts before: the anchors are in the list's order.
  let lo = 0;
  let hi = kept.list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const before = sortsBefore(kept.order, row, kept.list[mid]!);
    if (before === undefined) return false;
    if (before) hi = mid;
    else lo = mid + 1;
  }
  for (let i = lo; i < kept.list.length; i++) kept.list[i]!.at += sign;
  return true;
}

/**
 * While a list's anchors keep being dropped (by changes they cannot follow, or by a search that failed
 * or raced such a change), they are looked for at most once in this many ms. Anchors pushed out of
 * the store by others are looked for again at once: held back, a list read its deep pages off the
 * index for up to this long (bench/README.md, 2026-11-28, ninth session).
 */
const ANCHOR_RETRY_MS = 30_000;
/**
 * Searches for anchors run at most SEEKS_AT_ONCE at a time, with at most SEEKS_WAITING waiting; a list
 * asked for beyond that is looked for on a later page. Each search scans a whole list: when
 * validators open many lists at once (the benchmark's province searches: 34 provinces by 7 headers
 * and 2 directions), dozens of searches side by side took the pool's connections and PostgreSQL's CPU
 * from the pages they were meant to speed up. One at a time was too few: two large lists (450,000
 * forms by name and by phone, say) then waited for each other, and their deep pages were read off the
 * index meanwhile (bench/README.md, 2026-11-25, fourth session). A sorted list's two directions share
 * one search (see firstAnchorFromEnd).
 */
const SEEKS_AT_ONCE = 2;
const SEEKS_WAITING = 64;

/**
 * The kept anchors of an instance's lists, by list and order. They live in the instance's one cache
 * store (under the `order` topic, which only a change no row notice describes moves on), and follow
 * the row notices the change feed hears.
 */
export class ListAnchors extends FollowedLists<OrderedAnchors> {
  /** The lists whose anchors are being looked for. */
  private readonly sought = new Set<string>();
  /** When each list's anchors were last dropped (see ANCHOR_RETRY_MS). */
  private readonly dropped = new LRUCache<string, number>({ max: 1_000 });
  /** The searches not yet over (see SEEKS_WAITING), those running, and those waiting to run. */
  private seeking = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    store: CacheStore,
    changes: ChangeFeed,
    ttlMs = 300_000,
    private readonly seeksAtOnce = SEEKS_AT_ONCE,
  ) {
    super(store, changes, 'anchors', ttlMs);
  }

  /** A list's anchors and its rows, if they are kept. */
  peek(key: string): HeldAnchors | undefined {
    return this.cache.peek(key);
  }

  /**
   * Look for a list's anchors in the background, unless that is under way or they were dropped in
   * the last ANCHOR_RETRY_MS. Finding them scans the whole list (200 ms for 450,000 NEW forms sorted
   * by name at 1M). Settles when the search is over, found or not.
   */
  seek(key: string, filter: ListFilter, order: AnchorOrder, find: () => Promise<FoundAnchors>): Promise<void> {
    if (this.sought.has(key) || Date.now() - (this.dropped.get(key) ?? 0) < ANCHOR_RETRY_MS) return Promise.resolve();
    if (this.seeking > SEEKS_WAITING) return Promise.resolve();
    this.sought.add(key);
    this.seeking++;
    let read: KeptAnchors | undefined;
    const load = async () => {
      read = await this.read(key, filter, async () => ({ ...(await this.inTurn(find)), order }));
      return read;
    };
    return (
      this.cache
        .get(key, load, this.keep)
        .then(() => {
          if (read && !this.settle(read)) this.dropped.set(key, Date.now());
        })
        // A failed search (the database closing, say) only means the next pages start elsewhere.
        .catch(() => {
          this.dropped.set(key, Date.now());
        })
        .finally(() => {
          this.seeking--;
          this.sought.delete(key);
        })
    );
  }

  /** Runs a search once fewer than `seeksAtOnce` are running. */
  private async inTurn<T>(search: () => Promise<T>): Promise<T> {
    if (this.running >= this.seeksAtOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await search();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  protected take(kept: KeptAnchors, row: unknown[]): boolean {
    return shift(kept, row);
  }

  protected override drop(kept: KeptAnchors): void {
    this.dropped.set(kept.key, Date.now());
    kept.list = [];
    super.drop(kept);
  }
}
