import { describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import { ChangeFeed } from '../../db/changes.js';
import { ReadCache } from '../../db/read-cache.js';
import { type FoundAnchors, ListAnchors } from './list-anchors.js';

// When a list's anchors are looked for again. A deep page of a list without them reads its rows off
// the index (several times the database's work), so anchors pushed out of the store by other entries
// are looked for at the next page; only a list whose anchors keep being dropped (a failed search, a
// change they could not follow) waits before it is looked for again.

/** A feed that hears every change (as when its LISTEN connection is up). */
function liveFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  (feed as unknown as { listening: boolean }).listening = true;
  return feed;
}

const found = (): FoundAnchors => ({
  list: [{ key: 'Name 1', id: 7, at: 250 }],
  snapshot: { xmin: 1, xmax: 1, xip: [] },
  total: 600,
});
const filter = { status: 'NEW' } as const;
const order = { sort: 'name', direction: 'asc' } as const;

describe('anchors looked for again', () => {
  it('at once when other entries pushed them out of the store', async () => {
    const feed = liveFeed();
    const store = new CacheStore(64 * 1024);
    const anchors = new ListAnchors(store, feed);
    let searches = 0;
    const find = async () => {
      searches++;
      return found();
    };
    await anchors.seek('NEW|name', filter, order, find);
    expect(anchors.peek('NEW|name')?.total).toBe(600);
    const other = new ReadCache<string>(store, feed, 'pages', ['assessments'], 60_000);
    for (let i = 0; i < 40; i++) await other.get(`page ${i}`, async () => 'x'.repeat(2000));
    expect(anchors.peek('NEW|name')).toBeUndefined();
    await anchors.seek('NEW|name', filter, order, find);
    expect(searches).toBe(2);
    expect(anchors.peek('NEW|name')?.total).toBe(600);
    anchors.close();
  });

  it('once while a search is under way, and not soon after a failed one', async () => {
    const anchors = new ListAnchors(new CacheStore(1 << 20), liveFeed());
    let searches = 0;
    let release = () => {};
    const slow = async () => {
      searches++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new Error('the database went away');
    };
    const first = anchors.seek('NEW|name', filter, order, slow);
    await anchors.seek('NEW|name', filter, order, slow);
    expect(searches).toBe(1);
    release();
    await first;
    await anchors.seek('NEW|name', filter, order, async () => {
      searches++;
      return found();
    });
    expect(searches).toBe(1);
    expect(anchors.peek('NEW|name')).toBeUndefined();
    anchors.close();
  });
});
