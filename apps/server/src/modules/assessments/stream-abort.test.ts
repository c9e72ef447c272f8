import net from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { eventually, setupTestApp, type TestContext } from '../../test/helpers.js';

// A client that leaves in the middle of a long answer (a download cancelled, a tab closed) must end
// the read behind it and give its database connection back; before, the JSON listing waited for a
// 'drain' that never came, forever.

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await setupTestApp();
  // Far more than the sockets between client and server hold. Copies of one form would shrink to
  // almost nothing in the Excel file's zip (or the listing's brotli), so that the whole answer would
  // fit in the socket buffers and end before the client leaves: each row gets its own 3,200 random
  // characters of remarks (in the export) and of last name (in both): about 16 MB zipped.
  await seedAssessments(t, 10_000, {}, 3);
  await t.database.db.execute(
    sql`update assessments a set remarks = r.s, lastname = r.s from (
          select b.id, (select string_agg(md5(random()::text || b.id || g), '') from generate_series(1, 100) g) s
          from assessments b
        ) r where r.id = a.id`,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 300_000);

/** Ask for `path` on a real socket, and stop reading once the first bytes of the body came. */
async function startAndStall(path: string, headers: string): Promise<{ socket: net.Socket; received: () => number }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = 0;
  const firstBytes = new Promise<void>((resolve, reject) => {
    socket.on('data', (chunk) => {
      received += chunk.length;
      if (received > 4096) {
        socket.pause();
        resolve();
      }
    });
    socket.on('error', reject);
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t.adminToken}\r\n${headers}\r\n`);
  await firstBytes;
  return { socket, received: () => received };
}

/** Connections of the pool in use (PostgreSQL). */
function busy(): number {
  const pool = t.database.pool!;
  return pool.totalCount - pool.idleCount;
}

/** Transactions open on this test's database, other than the one asking (PostgreSQL). */
async function openTransactions(): Promise<number> {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** How long a small request takes to answer, in ms. */
async function answerTime(): Promise<number> {
  const start = performance.now();
  const res = await t.request('GET', '/api/tnas/status/figures', { token: t.adminToken });
  expect(res.statusCode).toBe(200);
  return performance.now() - start;
}

describe.each([
  ['the JSON listing', '/api/tnas/all/bystatus/NEW', ''],
  // A browser's: the rows go through a brotli stream (plugins/compression.ts), which must pass the
  // client's leaving on to the read behind it.
  ['the JSON listing, compressed', '/api/tnas/all/bystatus/NEW', 'Accept-Encoding: br\r\n'],
  ['the Excel export', '/api/tnas/export/NEW', ''],
])('%s, its client gone mid-stream', (_name, path, headers) => {
  it('ends its read and gives the connection back', async () => {
    const { socket, received } = await startAndStall(path, headers);
    try {
      if (t.database.kind === 'postgres') {
        // The stream is under way, stalled by the client: it holds a connection of the pool, in its
        // read-only snapshot's open transaction (idle between batches, or reading the next one).
        await new Promise((r) => setTimeout(r, 200));
        expect(busy()).toBeGreaterThanOrEqual(1);
        expect(await openTransactions()).toBe(1);
      }
    } finally {
      // Also when a check above failed: a stalled stream left open would hold the app's close.
      socket.destroy();
    }
    if (t.database.kind === 'postgres') {
      expect(await eventually(async () => busy() === 0, 5000)).toBe(true);
      expect(await openTransactions()).toBe(0);
    } else {
      // PGlite has one connection: the next request is answered at once, not after the whole list.
      expect(await answerTime()).toBeLessThan(1000);
    }
    expect(received()).toBeLessThan(10 * 1024 * 1024);
  });
});
