import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { eventually, setupTestApp, type TestContext } from '../../test/helpers.js';

// The lists and figures are kept in memory per server instance until the data changes; these tests
// check that no one ever sees a list behind a change that has been answered.

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('lists and figures kept in memory', () => {
  it('follow a change at once on the instance that made it, and a moment later on another one', async () => {
    const r = await formRefs(t);
    const entry = await t.userWithRole('dataentry');
    for (let i = 0; i < 3; i++) await submitMultipart(t, '/api/tnas', entry.token, formData(r), priorities(r, 1));
    const other = await t.secondInstance();
    const list = (via: TestContext['request']) =>
      via('GET', '/api/tnas/bystatus/NEW', { token: t.adminToken }).then((res) => res.json().data);
    // A page is also kept compressed, for browsers: that copy must follow as well.
    const packedList = async (via: TestContext['request']) => {
      const res = await via('GET', '/api/tnas/bystatus/NEW', {
        token: t.adminToken,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8')).data;
    };
    const figures = (via: TestContext['request']) =>
      via('GET', '/api/tnas/status/figures', { token: t.adminToken }).then((res) => res.json().data);
    const before = await list(t.request);
    // Each copy read twice: a page is kept from the second time it is asked for (see Doorkeeper).
    for (let i = 0; i < 2; i++) {
      expect(await list(t.request)).toEqual(before);
      expect(await list(other.request)).toEqual(before);
      expect(await packedList(t.request)).toEqual(before);
      expect(await packedList(other.request)).toEqual(before);
    }
    const newBefore = (await figures(other.request)).find((f: { status: string }) => f.status === 'NEW').total;

    const first = before.data[0].id;
    const moved = await t.request('POST', '/api/tnas/changestatus', {
      token: t.adminToken,
      body: { staff_id: first, status: 'APPROVED', remarks: 'Checked' },
    });
    expect(moved.statusCode).toBe(200);
    const after = await list(t.request);
    expect(after.total).toBe(before.total - 1);
    expect(after.data.map((row: { id: number }) => row.id)).not.toContain(first);
    expect(await packedList(t.request)).toEqual(after);
    expect(await eventually(async () => (await list(other.request)).total === before.total - 1)).toBe(true);
    expect(await eventually(async () => (await packedList(other.request)).total === before.total - 1)).toBe(true);
    expect(
      await eventually(
        async () =>
          (await figures(other.request)).find((f: { status: string }) => f.status === 'NEW').total === newBefore - 1,
      ),
    ).toBe(true);
  });

  it('show a facility renamed straight in the database', async () => {
    const before = (await t.request('GET', '/api/tnas/bystatus/NEW', { token: t.adminToken })).json().data.data[0];
    await t.database.db.execute(
      sql`update health_facilities set name = 'Renamed Hospital' where id = ${before.hospital_id}`,
    );
    expect(
      await eventually(async () => {
        const row = (await t.request('GET', '/api/tnas/bystatus/NEW', { token: t.adminToken })).json().data.data[0];
        return row.hospital_name === 'Renamed Hospital';
      }),
    ).toBe(true);
  });
});
