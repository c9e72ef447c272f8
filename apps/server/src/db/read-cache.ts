import type { ChangeFeed, Topic } from './changes.js';

interface Entry<V> {
  value: V;
  stamp: string;
  until: number;
}

/**
 * Results of reads kept in memory while nothing they depend on has changed: an entry is good while
 * the change feed's versions of its topics are the ones it was read under (and the feed is live), and
 * for at most `ttlMs`. A read that raced a change is not kept. At most `maxEntries`, oldest out first.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Reads under way, so that many requests for one missing key wait for one read. */
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly changes: ChangeFeed,
    private readonly topics: readonly Topic[],
    private readonly options: { maxEntries: number; ttlMs: number },
  ) {}

  private stamp(): string {
    return this.topics.map((t) => this.changes.version(t)).join(':');
  }

  /**
   * The value of `key`, read with `load` when it is not held. `keep` says whether (and until when,
   * in ms since the epoch) a loaded value may be kept; by default, for the cache's time to live.
   */
  async get(key: string, load: () => Promise<V>, keep?: (value: V) => number | false): Promise<V> {
    if (!this.changes.live) return load();
    const stamp = this.stamp();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp && hit.until > now) return hit.value;
    const pendingKey = `${stamp}|${key}`;
    const already = this.pending.get(pendingKey);
    if (already) return already;
    const reading = load();
    this.pending.set(pendingKey, reading);
    let value: V;
    try {
      value = await reading;
    } finally {
      this.pending.delete(pendingKey);
    }
    const until = Math.min(now + this.options.ttlMs, keep ? keep(value) || 0 : Number.POSITIVE_INFINITY);
    if (until > now && this.stamp() === stamp) {
      this.entries.delete(key);
      if (this.entries.size >= this.options.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { value, stamp, until });
    }
    return value;
  }
}
