import type { CacheStore } from './cache-store.js';
import type { ChangeFeed, Topic } from './changes.js';
import type { Doorkeeper } from './doorkeeper.js';

/**
 * Results of reads kept in memory while nothing they depend on has changed: an entry is good while
 * the change feed's versions of its topics are the ones it was read under (and the feed is live), and
 * for at most `ttlMs`. A read that raced a change is not kept. The entries live in the instance's one
 * byte-bounded store (see CacheStore), under this cache's name.
 */
export class ReadCache<V> {
  /** Reads under way, so that many requests for one missing key wait for one read. */
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly store: CacheStore,
    private readonly changes: ChangeFeed,
    private readonly name: string,
    private readonly topics: readonly Topic[],
    private readonly ttlMs: number,
    /** When given, a value is kept only from the second time its key is asked for (see Doorkeeper). */
    private readonly doorkeeper?: Doorkeeper,
  ) {}

  private stamp(): string {
    return this.topics.map((t) => this.changes.version(t)).join(':');
  }

  /**
   * The value of `key`, read with `load` when it is not held. `keep` says whether (and until when,
   * in ms since the epoch) a loaded value may be kept; by default, for the cache's time to live.
   */
  async get(key: string, load: () => Promise<V>, keep?: (value: V) => number | false): Promise<V> {
    if (!this.changes.live || !this.store.enabled) return load();
    const stamp = this.stamp();
    const storeKey = `${this.name}\u0000${key}`;
    const hit = this.store.get(storeKey);
    if (hit && hit.stamp === stamp) return hit.value as V;
    const pendingKey = `${stamp}|${key}`;
    const already = this.pending.get(pendingKey);
    if (already) return already;
    const admitted = this.doorkeeper?.seenBefore(storeKey) ?? true;
    const reading = load();
    this.pending.set(pendingKey, reading);
    let value: V;
    try {
      value = await reading;
    } finally {
      this.pending.delete(pendingKey);
    }
    const now = Date.now();
    const until = Math.min(now + this.ttlMs, keep ? keep(value) || 0 : Number.POSITIVE_INFINITY);
    if (admitted && until > now && this.changes.live && this.stamp() === stamp)
      this.store.set(storeKey, { value, stamp }, until - now);
    return value;
  }

  /** The value of `key` if one is held and current, without reading it. */
  peek(key: string): V | undefined {
    if (!this.changes.live || !this.store.enabled) return undefined;
    const hit = this.store.get(`${this.name}\u0000${key}`);
    return hit && hit.stamp === this.stamp() ? (hit.value as V) : undefined;
  }

  /**
   * Whether `value` is what is held and current for `key`, without counting it as used: for an
   * owner that updates its kept values in place (see ListAnchors) and must not keep them in the store
   * by looking at them.
   */
  holds(key: string, value: V): boolean {
    if (!this.changes.live || !this.store.enabled) return false;
    const hit = this.store.peek(`${this.name}\u0000${key}`);
    return hit !== undefined && hit.value === value && hit.stamp === this.stamp();
  }

  /** Forget `key` (its value is known to be behind). */
  delete(key: string): void {
    this.store.delete(`${this.name}\u0000${key}`);
  }
}
