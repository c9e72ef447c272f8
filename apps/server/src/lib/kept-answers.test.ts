import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupTestApp, type TestContext } from '../test/helpers.js';

// The form's lists (places, facilities, departments, positions, trainings) are kept in memory as the
// bytes that are sent (referenceAnswers): no one may see a list behind a change that was answered.

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

type Via = TestContext['request'];
type Named = { id: number; name: string };

/** A list as a client gets it: plain, or compressed as a browser asks for it. */
async function list(via: Via, path: string, encoding?: 'br' | 'gzip'): Promise<Named[]> {
  const res = await via('GET', path, {
    token: t.adminToken,
    ...(encoding ? { headers: { 'accept-encoding': encoding } } : {}),
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.headers['content-encoding']).toBe(encoding);
  const text = !encoding
    ? res.body
    : (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).toString('utf8');
  return JSON.parse(text).data;
}

describe('the form lists kept in memory', () => {
  it('follow a change at once on the instance that made it, and a moment later on another one', async () => {
    const [province] = await list(t.request, '/api/provinces');
    const districts = `/api/provinces/districts/${province!.id}`;
    const other = await t.secondInstance();
    for (let i = 0; i < 2; i++) {
      for (const via of [t.request, other.request]) {
        for (const encoding of [undefined, 'br', 'gzip'] as const) {
          expect((await list(via, districts, encoding)).map((d) => d.name)).not.toContain('Kept Town');
        }
      }
    }
    const added = await t.request('POST', '/api/provinces/districts', {
      token: t.adminToken,
      body: { name: 'Kept Town', parent_id: province!.id },
    });
    expect(added.statusCode).toBe(200);
    for (const encoding of [undefined, 'br', 'gzip'] as const) {
      expect((await list(t.request, districts, encoding)).map((d) => d.name)).toContain('Kept Town');
    }
    const offline = await t.request('GET', '/api/reference/offline', { token: t.adminToken });
    expect(offline.json().data.districts.map((d: Named) => d.name)).toContain('Kept Town');
    for (const encoding of [undefined, 'br'] as const) {
      expect(
        await eventually(async () =>
          (await list(other.request, districts, encoding)).some((d) => d.name === 'Kept Town'),
        ),
      ).toBe(true);
    }
  });

  it('show a department renamed straight in the database', async () => {
    const [first] = await list(t.request, '/api/departments');
    await list(t.request, '/api/departments');
    await t.database.db.execute(sql`update departments set name = 'Renamed Department' where id = ${first!.id}`);
    expect(
      await eventually(async () =>
        (await list(t.request, '/api/departments')).some((d) => d.id === first!.id && d.name === 'Renamed Department'),
      ),
    ).toBe(true);
  });
});
