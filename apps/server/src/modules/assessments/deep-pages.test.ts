import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// Deep pages of a newest-first list start reading at an anchor id kept in memory; they must show
// exactly the rows a plain OFFSET would, before and after the list changes.

let t: TestContext;
const ROWS = 5000;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, ROWS);
});

async function expected(offset: number, perPage: number): Promise<number[]> {
  const res = await t.database.db.execute(
    sql`select id from assessments where status = 'NEW' order by id desc limit ${perPage} offset ${offset}`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

async function shown(page: number, perPage: number) {
  const res = await t.request('GET', `/api/tnas/bystatus/NEW?page=${page}&per_page=${perPage}`, {
    token: t.adminToken,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; data: { id: number }[] };
}

describe('deep pages', () => {
  it('show the same rows as an OFFSET would, at every depth, before and after a change', async () => {
    const pages = [1, 133, 134, 135, 200, 266, 267, 333, 334];
    for (const page of pages) {
      const data = await shown(page, 15);
      expect(data.total).toBe(ROWS);
      expect(data.data.map((row) => row.id)).toEqual(await expected((page - 1) * 15, 15));
    }
    // Take rows out near the top: every deep page shifts by as many.
    const top = await expected(0, 3);
    for (const id of top) {
      const moved = await t.request('POST', '/api/tnas/changestatus', {
        token: t.adminToken,
        body: { staff_id: id, status: 'APPROVED', remarks: 'ok' },
      });
      expect(moved.statusCode).toBe(200);
    }
    for (const page of pages) {
      const data = await shown(page, 15);
      expect(data.total).toBe(ROWS - 3);
      expect(data.data.map((row) => row.id)).toEqual(await expected((page - 1) * 15, 15));
    }
    // Another page size, and past the end.
    expect((await shown(51, 97)).data.map((row) => row.id)).toEqual(await expected(50 * 97, 97));
    expect((await shown(1000, 15)).data).toEqual([]);
  });

  it('sorted by any column, shows the rows an ORDER BY column, id would, ties included', async () => {
    // Give the copies different values in a few columns, with many ties left.
    await t.database.db.execute(
      sql`update assessments set birth_year = 1960 + id % 7, name = 'Name ' || (id % 13), phone = '+9370' || (id % 11)`,
    );
    const orderOf: Record<string, string> = {
      name: 'lower(name)',
      fathername: 'lower(fathername)',
      birth_year: 'birth_year',
      implementing_organization: 'lower(implementing_organization)',
      phone: 'phone',
      created_at: 'created_at',
    };
    for (const [sort, expression] of Object.entries(orderOf)) {
      for (const direction of ['asc', 'desc']) {
        for (const page of [1, 4, 150, 300]) {
          const res = await t.request(
            'GET',
            `/api/tnas/bystatus/NEW?page=${page}&per_page=15&sort=${sort}&direction=${direction}`,
            { token: t.adminToken },
          );
          const want = await t.database.db.execute(
            sql.raw(`select id from assessments where status = 'NEW'
              order by ${expression} ${direction}, id ${direction} limit 15 offset ${(page - 1) * 15}`),
          );
          expect(
            res.json().data.data.map((row: { id: number }) => row.id),
            `${sort} ${direction} page ${page}`,
          ).toEqual((want as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
        }
      }
    }
  });
});
