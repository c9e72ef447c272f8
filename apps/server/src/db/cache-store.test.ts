import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { encode } from '../lib/encoding.js';
import { CacheStore } from './cache-store.js';
import { ChangeFeed } from './changes.js';
import { ReadCache } from './read-cache.js';

// The heap is measured after a full collection; `gc` is reachable without a command-line flag this way.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
// lru-cache holds its cache from a timer for a moment after each use (ttlResolution): wait it out.
async function heapUsed(): Promise<number> {
  await new Promise((r) => setTimeout(r, 50));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** The heap and the buffers outside it (where a Buffer's bytes are), after a full collection. */
async function heapAndBuffers(): Promise<number> {
  const heap = await heapUsed();
  return heap + process.memoryUsage().arrayBuffers;
}

/** A feed that hears every change (as when its LISTEN connection is up). */
function liveFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  (feed as unknown as { listening: boolean }).listening = true;
  return feed;
}

const MB = 1024 * 1024;

/** A list page as the server keeps it: 100 rows of Dari names, as JSON. */
function dariPage(n: number): string {
  const rows = Array.from({ length: 100 }, (_, i) => ({
    id: n * 100 + i,
    name: `احمد ${n}-${i}`,
    lastname: 'محمدی',
    fathername: 'عبدالله',
    province: 'کابل',
    district: 'ناحیه اول',
    hospital_name: 'شفاخانه استقلال',
    department: 'داخله',
    position: 'داکتر',
    status: 'NEW',
    form_no: `F-${n}-${i}`,
  }));
  return JSON.stringify({ data: { data: rows, total: 1_000_000, page: n } });
}

describe('the caches memory budget', () => {
  it('keeps pages of Dari names filled far past the budget within the budget, measured on the heap', async () => {
    const budget = 4 * MB;
    const fill = async (store: CacheStore) => {
      const pages = new ReadCache<string>(store, liveFeed(), 'pages', ['assessments'], 60_000);
      let offered = 0;
      for (let n = 0; n < 600; n++) {
        const page = await pages.get(`GET /api/tnas/bystatus/NEW?page=${n}`, async () => dariPage(n));
        offered += page.length * 2;
      }
      return { pages, offered };
    };
    let store: CacheStore | null = new CacheStore(budget);
    let filled: Awaited<ReturnType<typeof fill>> | null = await fill(store);
    // It still keeps what fits: the last pages read are served without reading them again.
    let reads = 0;
    await filled.pages.get('GET /api/tnas/bystatus/NEW?page=599', async () => {
      reads++;
      return '';
    });
    expect(reads).toBe(0);
    // What the store holds on the heap: the heap with it, less the heap once it is let go.
    const estimate = store.bytes;
    const offered = filled.offered;
    const withStore = await heapUsed();
    store = null;
    filled = null;
    const kept = withStore - (await heapUsed());
    console.log(`pages: offered ${offered} B, kept ${estimate} B by estimate, ${kept} B on the heap`);
    expect(offered).toBeGreaterThan(5 * budget);
    expect(estimate).toBeLessThanOrEqual(budget);
    expect(kept).toBeLessThanOrEqual(budget);
    // The measure sees what is kept (most of the budget is used).
    expect(kept).toBeGreaterThan(budget / 2);
  });

  it('keeps compressed pages within the budget, measured on the heap and in the buffers', async () => {
    const budget = 1 * MB;
    let store: CacheStore | null = new CacheStore(budget);
    const pages = new ReadCache<Buffer>(store, liveFeed(), 'pages', ['assessments'], 60_000);
    let offered = 0;
    for (let n = 0; n < 5000; n++) {
      const page = await pages.get(`br GET /api/tnas/bystatus/NEW?page=${n}`, async () => encode(dariPage(n), 'br'));
      offered += page.length;
    }
    const estimate = store.bytes;
    const withStore = await heapAndBuffers();
    store = null;
    const kept = withStore - (await heapAndBuffers());
    console.log(`compressed pages: offered ${offered} B, kept ${estimate} B by estimate, ${kept} B in memory`);
    expect(offered).toBeGreaterThan(2 * budget);
    expect(estimate).toBeLessThanOrEqual(budget);
    expect(kept).toBeLessThanOrEqual(budget);
    expect(kept).toBeGreaterThan(budget / 4);
  });

  it('keeps objects (signed-in users, anchors) within the budget, measured on the heap', async () => {
    const budget = 2 * MB;
    const fill = async (store: CacheStore) => {
      const users = new ReadCache<object>(store, liveFeed(), 'sessions', ['auth'], 60_000);
      const anchors = new ReadCache<object>(store, liveFeed(), 'anchors', ['assessments'], 60_000);
      for (let n = 0; n < 20_000; n++) {
        await users.get(`token-${n}`, async () => ({
          sessionId: n,
          expiresAt: new Date(Date.now() + 3_600_000),
          user: { id: n, name: `کاربر ${n}`, email: `user${n}@tna.test`, roles: ['validator'], roleRefs: [{ id: 2 }] },
        }));
        if (n % 10 === 0) {
          await anchors.get(`NEW|${n}`, async () =>
            Array.from({ length: 50 }, (_, i) => ({ key: `ک${i}`, id: n + i })),
          );
        }
      }
    };
    let store: CacheStore | null = new CacheStore(budget);
    await fill(store);
    const estimate = store.bytes;
    const withStore = await heapUsed();
    store = null;
    const kept = withStore - (await heapUsed());
    console.log(`objects: kept ${estimate} B by estimate, ${kept} B on the heap`);
    expect(estimate).toBeLessThanOrEqual(budget);
    expect(kept).toBeLessThanOrEqual(budget);
    expect(kept).toBeGreaterThan(budget / 4);
  });

  it('does not serve an entry older than its time to live', async () => {
    const store = new CacheStore(MB);
    const cache = new ReadCache<string>(store, liveFeed(), 'figures', ['assessments'], 50);
    let reads = 0;
    const load = async () => `figures ${++reads}`;
    expect(await cache.get('/stats/core', load)).toBe('figures 1');
    expect(await cache.get('/stats/core', load)).toBe('figures 1');
    await new Promise((r) => setTimeout(r, 80));
    expect(await cache.get('/stats/core', load)).toBe('figures 2');
  });

  it('shows a kept entry without reading it, and none once its topic changed', async () => {
    const feed = liveFeed();
    const cache = new ReadCache<string>(new CacheStore(MB), feed, 'anchors', ['assessments'], 60_000);
    expect(cache.peek('NEW|')).toBeUndefined();
    await cache.get('NEW|', async () => 'anchors 1');
    expect(cache.peek('NEW|')).toBe('anchors 1');
    feed.bump('units');
    expect(cache.peek('NEW|')).toBe('anchors 1');
    feed.bump('assessments');
    expect(cache.peek('NEW|')).toBeUndefined();
  });

  it('keeps nothing with a budget of 0', async () => {
    const cache = new ReadCache<string>(new CacheStore(0), liveFeed(), 'pages', ['assessments'], 60_000);
    let reads = 0;
    await cache.get('a', async () => `${++reads}`);
    await cache.get('a', async () => `${++reads}`);
    expect(reads).toBe(2);
  });
});
