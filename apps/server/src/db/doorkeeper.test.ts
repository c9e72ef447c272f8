import { describe, expect, it } from 'vitest';
import { CacheStore } from './cache-store.js';
import { ChangeFeed } from './changes.js';
import { Doorkeeper } from './doorkeeper.js';
import { ReadCache } from './read-cache.js';

/** A feed that hears every change (as when its LISTEN connection is up). */
function liveFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  (feed as unknown as { listening: boolean }).listening = true;
  return feed;
}

/** A list page of about 10 kB, as a province search answers it. */
const page = (n: number) => JSON.stringify({ page: n, rows: 'x'.repeat(10_000) });

describe('a cache with a doorkeeper', () => {
  it('keeps a value from the second time its key is asked for', async () => {
    const pages = new ReadCache<string>(
      new CacheStore(4 << 20),
      liveFeed(),
      'pages',
      ['assessments'],
      60_000,
      new Doorkeeper(),
    );
    let reads = 0;
    const read = () => pages.get('GET /api/tnas/bystatus/NEW?page=1', async () => `${++reads}`);
    expect(await read()).toBe('1');
    expect(await read()).toBe('2');
    expect(await read()).toBe('2');
    expect(await read()).toBe('2');
    expect(reads).toBe(2);
  });

  it('tells keys apart, and forgets what it saw once its set is full', () => {
    const door = new Doorkeeper(100);
    expect(door.seenBefore('a')).toBe(false);
    expect(door.seenBefore('b')).toBe(false);
    expect(door.seenBefore('a')).toBe(true);
    for (let i = 0; i < 100; i++) door.seenBefore(`page ${i}`);
    expect(door.seenBefore('a')).toBe(false);
  });

  // What the doorkeeper is for: a flood of pages each read once (deep pages at random) must not push
  // out of the shared store what every request uses now and then (a list's anchors, a session).
  for (const withDoorkeeper of [true, false]) {
    it(`${withDoorkeeper ? 'lets' : 'without one, does not let'} a small value used now and then outlast pages read once`, async () => {
      const store = new CacheStore(1 << 20);
      const feed = liveFeed();
      const pages = new ReadCache<string>(
        store,
        feed,
        'pages',
        ['assessments'],
        60_000,
        withDoorkeeper ? new Doorkeeper() : undefined,
      );
      const anchors = new ReadCache<number[]>(store, feed, 'anchors', ['order'], 60_000);
      let anchorReads = 0;
      const readAnchors = () =>
        anchors.get('NEW|name', async () => {
          anchorReads++;
          return [250, 500, 750];
        });
      await readAnchors();
      for (let n = 0; n < 2_000; n++) {
        await pages.get(`GET /api/tnas/bystatus/NEW?sort=name&page=${n}`, async () => page(n));
        if (n % 100 === 99) await readAnchors();
      }
      expect(anchorReads).toBe(withDoorkeeper ? 1 : 21);
    });
  }
});
