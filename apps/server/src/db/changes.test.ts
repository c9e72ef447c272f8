import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../test/assessment-fixtures.js';
import { eventually, setupTestApp, TEST_ADMIN, type TestContext } from '../test/helpers.js';
import { type ChangeFeed, TOPICS } from './changes.js';
import type { Database } from './client.js';

// What a server instance keeps in memory is dropped by topic, never behind a change: not when its
// listening connection dies or goes silent, not on another instance behind a load balancer.

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
// On PGlite one process owns the database: a "second instance" shares the first one's feed and
// connection, so tests of separate feeds would prove nothing there.
const SEPARATE_FEEDS = 'needs PostgreSQL: on PGlite two instances share one change feed';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 3);
});

const firstRow = async (request: TestContext['request'], headers: Record<string, string> = {}) =>
  (await request('GET', '/api/tnas/bystatus/NEW', { token: t.adminToken, headers })).json().data.data[0];

/** Make a feed stop hearing notifications while its connection stays up (a silently dropped line). */
async function deafen(feed: ChangeFeed): Promise<void> {
  const client = (feed as unknown as { client: pg.Client }).client;
  await client.query('UNLISTEN *');
}

async function sqlOn(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

describe('caches dropped by topic', () => {
  it('a sign-in leaves the reference names warm; a department change reloads departments only', async () => {
    await firstRow(t.request);
    const reads = { ...t.app.reference.reads };
    expect(reads.departments).toBeGreaterThan(0);

    await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await firstRow(t.request);
    expect(t.app.reference.reads).toEqual(reads);

    const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name: 'Cardiology Unit' } });
    expect(res.statusCode).toBe(200);
    await firstRow(t.request);
    expect(t.app.reference.reads).toEqual({ ...reads, departments: reads.departments + 1 });
  });

  it('a sign-in drops nothing kept about assessments or reference data; a status change drops the pages', async () => {
    const feed = t.database.changes;
    const versions = () => Object.fromEntries(TOPICS.map((topic) => [topic, feed.version(topic)]));
    const before = await firstRow(t.request);
    const kept = versions();
    await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect(versions()).toEqual(kept);

    const moved = await t.request('POST', '/api/tnas/changestatus', {
      token: t.adminToken,
      body: { staff_id: before.id, status: 'APPROVED', remarks: 'Checked' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['x-tna-change']).toMatch(/^\d+$/);
    expect(versions()).toEqual({ ...kept, assessments: expect.any(Number) });
    expect(feed.version('assessments')).toBeGreaterThan(kept.assessments!);
    expect((await firstRow(t.request)).id).not.toBe(before.id);
  });

  it('a change mark past any taken (a client mistake) does not turn the caches off for good', async () => {
    const feed = t.database.changes;
    await t.request('GET', '/api/tnas/bystatus/NEW', {
      token: t.adminToken,
      headers: { 'x-tna-change': '999999999999' },
    });
    const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name: 'Mark Unit' } });
    expect(res.statusCode).toBe(200);
    expect(await eventually(async () => feed.live, 1000)).toBe(true);
  });
});

describe.skipIf(!onPostgres)('the change feed on PostgreSQL', () => {
  it('a listening connection that is cut: a write from elsewhere is seen at once, and the feed comes back', async () => {
    const feed = t.database.changes;
    const before = await firstRow(t.request);
    await firstRow(t.request);
    await sqlOn(
      t.url!,
      `select pg_terminate_backend(pid, 5000) from pg_stat_activity
       where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await sqlOn(t.url!, `update assessments set name = 'Written Elsewhere' where id = ${before.id}`);
    expect((await firstRow(t.request)).name).toBe('Written Elsewhere');
    expect(await eventually(async () => feed.live, 5000)).toBe(true);
    await sqlOn(t.url!, `update assessments set name = 'Again Elsewhere' where id = ${before.id}`);
    expect(await eventually(async () => (await firstRow(t.request)).name === 'Again Elsewhere')).toBe(true);
  });

  it('a listening connection that goes silent is noticed by the heartbeat: caches off, then back', async () => {
    const other = await t.secondInstance({ heartbeatMs: 300 });
    const feed: ChangeFeed = other.database.changes;
    expect(await eventually(async () => feed.live)).toBe(true);
    const before = await firstRow(other.request);
    await deafen(feed);
    // No echo within the heartbeat's time: the feed is down, and reads go to the database.
    expect(await eventually(async () => !feed.live, 2000)).toBe(true);
    await sqlOn(t.url!, `update assessments set name = 'While Deaf' where id = ${before.id}`);
    expect((await firstRow(other.request)).name).toBe('While Deaf');
    // It listens again on a new connection, and hears changes again.
    expect(await eventually(async () => feed.live, 5000)).toBe(true);
    await sqlOn(t.url!, `update assessments set name = 'Heard Again' where id = ${before.id}`);
    expect(await eventually(async () => (await firstRow(other.request)).name === 'Heard Again')).toBe(true);
  });
});

describe('two server instances, each with its own change feed', () => {
  it.skipIf(!onPostgres)(
    `a write on one is read at once on the other with its change mark (${SEPARATE_FEEDS})`,
    async () => {
      // B's feed hears nothing (a heartbeat too slow to notice within the test): only the mark can help.
      const b = await t.secondInstance({ heartbeatMs: 60_000 });
      const bDatabase: Database = b.database;
      expect(bDatabase).not.toBe(t.database);
      expect(await eventually(async () => bDatabase.changes.live)).toBe(true);
      const before = await firstRow(b.request);
      expect(await firstRow(b.request)).toEqual(before);
      await deafen(bDatabase.changes);

      const moved = await t.request('POST', '/api/tnas/changestatus', {
        token: t.adminToken,
        body: { staff_id: before.id, status: 'APPROVED', remarks: 'Checked' },
      });
      expect(moved.statusCode).toBe(200);
      const mark = moved.headers['x-tna-change'] as string;
      expect(mark).toMatch(/^\d+$/);

      // Without the mark B still serves its kept page (this is what the mark is for)...
      expect((await firstRow(b.request)).id).toBe(before.id);
      // ...with it, B reads the database.
      expect((await firstRow(b.request, { 'x-tna-change': mark })).id).not.toBe(before.id);
    },
  );
});
