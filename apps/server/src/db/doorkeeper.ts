/**
 * Which keys were asked for before, for a cache that should keep only what is asked for again (the
 * "doorkeeper" of TinyLFU). List pages asked for at random are each read once: kept on first sight,
 * at 2,000 pages a second they passed about 45 MB a second through the store's 32 MB, which pushed
 * out what every request needs (a list's anchors, group counts, sessions, reference names); a list
 * whose anchors were pushed out read its deep pages off the index until it was looked for again
 * (bench/README.md, 2026-11-28, ninth session). A page asked for twice (the first pages that every
 * validator opens) is kept from its second reading on.
 *
 * Keys are held as 32-bit hashes in a set that starts again when full, so it costs at most a few
 * hundred kilobytes; two keys with the same hash only mean a page kept at its first reading.
 */
export class Doorkeeper {
  private readonly seen = new Set<number>();

  constructor(private readonly capacity = 16_384) {}

  /** Whether `key` was asked for since the set last started again; notes it either way. */
  seenBefore(key: string): boolean {
    const h = fnv1a(key);
    if (this.seen.has(h)) return true;
    if (this.seen.size >= this.capacity) this.seen.clear();
    this.seen.add(h);
    return false;
  }
}

/** FNV-1a over the string's UTF-16 code units: fast, and spread well enough for a doorkeeper. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
