import { LRUCache } from 'lru-cache';

/**
 * What one kept value costs in memory, in bytes, by an estimate that errs high. Strings count two
 * and a quarter bytes a character: V8 keeps a string holding a Dari or Pashto letter as UTF-16, and
 * the heap measured up to 4 % more than two bytes a character for kept pages (allocation slack), so a
 * quarter byte is the margin that keeps the budget a ceiling. Other values
 * count their JSON text four times: measured on the kept objects (reference names, anchors, group
 * counts, signed-in users, figures), the heap holds about two to three bytes per JSON character, the
 * rest is margin. `Map`s count as their entries; a Buffer (a page kept compressed) its bytes.
 */
export function sizeOf(value: unknown): number {
  if (typeof value === 'string') return 64 + Math.ceil(2.25 * value.length);
  // A compressed answer: its bytes, and the Buffer object around them.
  if (Buffer.isBuffer(value)) return 128 + value.length;
  if (value === null || value === undefined) return 64;
  const json = JSON.stringify(value, (_key, v) => (v instanceof Map ? [...v] : v));
  return 64 + 4 * (json?.length ?? 0);
}

export interface StoredEntry {
  value: unknown;
  /** The versions of the change feed's topics the value was read under (see ReadCache). */
  stamp: string;
}

/**
 * The one memory budget of every cache of a server instance (CACHE_MAX_MB): list pages, list anchors
 * and group counts, figures, signed-in users and the reference data's names share one least recently
 * used store bounded by bytes, so no mix of them can take more than the budget (a cap by number of
 * entries could not: a kept page of 100 rows of Dari names takes about 90 kB, a kept user 1 kB).
 * Every entry has a maximum age, whatever the change feed says.
 */
export class CacheStore {
  private readonly lru: LRUCache<string, StoredEntry> | null;

  constructor(readonly maxBytes: number) {
    this.lru =
      maxBytes > 0
        ? new LRUCache<string, StoredEntry>({
            maxSize: maxBytes,
            // One entry may take at most an eighth of the budget: a huge one would push out all others.
            maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
            // The store's own structures take about a kilobyte an entry besides the key and value
            // (measured in cache-store.test.ts).
            sizeCalculation: (entry, key) => sizeOf(entry.value) + 2 * key.length + 2 * entry.stamp.length + 1024,
          })
        : null;
  }

  /** Whether anything is kept at all (CACHE_MAX_MB=0 turns every cache off). */
  get enabled(): boolean {
    return this.lru !== null;
  }

  /** The bytes the kept entries take, by the estimate that bounds them. */
  get bytes(): number {
    return this.lru?.calculatedSize ?? 0;
  }

  get(key: string): StoredEntry | undefined {
    return this.lru?.get(key);
  }

  /** The entry of `key` without counting it as used (it stays as near the way out as it was). */
  peek(key: string): StoredEntry | undefined {
    return this.lru?.peek(key);
  }

  set(key: string, entry: StoredEntry, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.lru?.set(key, entry, { ttl: ttlMs });
  }

  delete(key: string): void {
    this.lru?.delete(key);
  }
}
