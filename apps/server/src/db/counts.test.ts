import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formData, formRefs, priorities, submitMultipart } from '../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

async function counted(): Promise<Record<string, number>> {
  const res = await t.database.db.execute(sql`select status, sum(n)::int as n from assessment_counts group by status`);
  return Object.fromEntries(
    (res as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
  );
}

async function actual(): Promise<Record<string, number>> {
  const res = await t.database.db.execute(sql`select status, count(*)::int as n from assessments group by status`);
  return Object.fromEntries(
    (res as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
  );
}

describe('the counts the database keeps', () => {
  it('follow every insert, move, edit of place and delete, and a rolled-back change leaves them alone', async () => {
    const r = await formRefs(t);
    const entry = await t.userWithRole('dataentry');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await submitMultipart(t, '/api/tnas', entry.token, formData(r), priorities(r, 1))).json().success.id);
    expect(await counted()).toEqual({ NEW: 4 });
    await t.request('POST', '/api/tnas/changestatus', {
      token: t.adminToken,
      body: { staff_id: ids[0], status: 'APPROVED', remarks: 'ok' },
    });
    await t.request('POST', '/api/tnas/changestatus', {
      token: entry.token,
      body: { staff_id: ids[1], status: 'ARCHIVED', remarks: 'Duplicate: x' },
    });
    expect(await counted()).toEqual(await actual());
    await t.database.db.execute(sql`delete from assessments where id = ${ids[2]}`);
    expect(await counted()).toEqual(await actual());
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update assessments set status = 'REJECTED' where id = ${ids[3]}`);
        tx.rollback();
      })
      .catch(() => {});
    expect(await counted()).toEqual({ NEW: 1, APPROVED: 1, ARCHIVED: 1 });
    const byPlace = await t.database.db.execute(
      sql`select count(*)::int as n from assessment_counts where n > 0 and hospital_id = ${r.hospitalId}`,
    );
    expect((byPlace as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });
});
