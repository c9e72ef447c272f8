import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../test/assessment-fixtures.js';
import { eventually, setupTestApp, type TestContext } from '../test/helpers.js';
import { PIPELINED_NAME, PipelinePool, SPILL_AT } from './pipelines.js';
import { quickDatabase } from './prepared.js';

// On PostgreSQL the list pages and a form's details are read over a few pipelined connections (see
// PipelinePool). What a client would notice if that went wrong: answers swapped between requests
// sent at once, failures after a connection drops, a transaction split over connections.

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const FORMS = 120;

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, FORMS);
});

const page = async (n: number, sort = '') =>
  (await t.request('GET', `/api/tnas/bystatus/NEW?page=${n}&per_page=10${sort}`, { token: t.adminToken })).json().data;

/** The pipelined connections the database keeps (DATABASE_PIPELINES, 3 by default). */
const size = () => t.database.pipelines!.size;

/** The number of pipelined connections of this test's database that PostgreSQL has open. */
async function pipelinedBackends(): Promise<number> {
  const res = await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${PIPELINED_NAME} and datname = current_database()`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe.skipIf(!onPostgres)('pipelined reads', () => {
  it('pages and details asked all at once each get their own answer', async () => {
    // One at a time first, newest first and by name: the answers to compare with.
    const asked = Array.from(
      { length: 24 },
      (_, i) => [(i % 12) + 1, i < 12 ? '' : '&sort=name&direction=asc'] as const,
    );
    const expected = [];
    for (const [n, sort] of asked) expected.push(await page(n, sort));
    const ids: number[] = expected.slice(0, 12).flatMap((p) => p.data.map((row: { id: number }) => row.id));
    expect(new Set(ids).size).toBe(FORMS);

    const [pages, details] = await Promise.all([
      Promise.all(asked.map(([n, sort]) => page(n, sort))),
      Promise.all(ids.map((id) => t.request('GET', `/api/tnas/bystaffid/${id}`, { token: t.adminToken }))),
    ]);
    expect(pages).toEqual(expected);
    expect(details.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
    expect(details.map((res) => res.json().data.id)).toEqual(ids);
    // The reads went over the pipelined connections, not only the pool.
    expect(t.database.pipelines?.open).toBe(size());
    expect(await pipelinedBackends()).toBe(size());
  });

  it('connections killed under it: later reads are answered, and the connections come back', async () => {
    const ids: number[] = (await page(1)).data.map((row: { id: number }) => row.id);
    // Details are not kept in memory: each of these reads the database.
    const details = async (id: number) =>
      (await t.request('GET', `/api/tnas/bystaffid/${id}`, { token: t.adminToken })).json().data.id;
    await details(ids[0]!);
    expect(await eventually(async () => (await pipelinedBackends()) === size())).toBe(true);
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${PIPELINED_NAME} and datname = current_database()`,
    );
    expect(await eventually(async () => t.database.pipelines?.open === 0)).toBe(true);
    // Read by the pool meanwhile, then over connections opened again.
    for (const id of ids) expect(await details(id)).toBe(id);
    expect(
      await eventually(async () => (await details(ids[1]!)) === ids[1] && t.database.pipelines?.open === size()),
    ).toBe(true);
    expect(await pipelinedBackends()).toBe(size());
  });

  it('a transaction asked of the quick database runs on one of the pool’s connections', async () => {
    const quick = quickDatabase(t.database.db);
    expect(quick).not.toBe(t.database.db);
    const seen = await quick.transaction(async (tx) => {
      const res = await tx.execute(sql`select current_setting('application_name') as name`);
      return (res as unknown as { rows: { name: string }[] }).rows[0]!.name;
    });
    expect(seen).not.toBe(PIPELINED_NAME);
  });

  it('one connection carries the reads until it falls behind; then the others take them', async () => {
    const pool = new pg.Pool({ connectionString: t.url, max: 1 });
    const pipelines = new PipelinePool(pool, { connectionString: t.url }, 3);
    const backend = async (text = 'select pg_backend_pid() as pid') =>
      ((await pipelines.query(text)).rows[0] as { pid: number }).pid;
    try {
      await backend();
      expect(await eventually(async () => pipelines.open === 3)).toBe(true);
      // Fewer at once than SPILL_AT: all on one connection, so they leave in one write.
      const few = await Promise.all(Array.from({ length: SPILL_AT - 1 }, () => backend()));
      expect(new Set(few).size).toBe(1);
      // A slow read, then more than SPILL_AT quick ones: those beyond it do not wait for the slow one.
      let slowDone = false;
      const slow = backend('select pg_backend_pid() as pid, pg_sleep(0.5)').then((pid) => {
        slowDone = true;
        return pid;
      });
      const quick = Array.from({ length: SPILL_AT + 8 }, () =>
        backend().then((pid) => ({ pid, beforeSlow: !slowDone })),
      );
      const answers = await Promise.all(quick);
      const slowPid = await slow;
      const elsewhere = answers.filter((a) => a.pid !== slowPid);
      expect(elsewhere.length).toBeGreaterThan(0);
      expect(elsewhere.every((a) => a.beforeSlow)).toBe(true);
    } finally {
      await pipelines.end();
      await pool.end();
    }
  });

  it('while the pipelined connections cannot open, the pool answers', async () => {
    const pool = new pg.Pool({ connectionString: t.url, max: 1 });
    // Port 1: nothing listens there, so every pipelined connection fails to open.
    const pipelines = new PipelinePool(pool, { host: '127.0.0.1', port: 1 }, 2);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await pipelines.query({ text: 'select $1::int + 1 as n', values: [i] });
        expect(res.rows).toEqual([{ n: i + 1 }]);
      }
      expect(pipelines.open).toBe(0);
    } finally {
      await pipelines.end();
      await pool.end();
    }
  });
});

describe.skipIf(onPostgres)('on PGlite', () => {
  it('the quick reads run on the database itself', () => {
    expect(quickDatabase(t.database.db)).toBe(t.database.db);
    expect(t.database.pipelines).toBeUndefined();
  });
});
