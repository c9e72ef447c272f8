import { inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { departmentFiguresQuery, provinceFiguresQuery, statusFiguresQuery } from './dashboard.repository.js';

let t: TestContext;
let r: FormRefs;
let entry: { id: number; token: string };
let validator: { id: number; token: string };
let viewer: { token: string };

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  entry = await t.userWithRole('dataentry', 'Entry One');
  validator = await t.userWithRole('validator', 'Validator One');
  viewer = await t.userWithRole('external_viewer');
  // A known data set: 6 forms by one officer; 2 approved and 1 rejected by the validator, 1 archived.
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    ids.push(
      (await submitMultipart(t, '/api/tnas', entry.token, formData(r), priorities(r, i < 2 ? 2 : 1))).json().success.id,
    );
  }
  for (const [id, status] of [
    [ids[0], 'APPROVED'],
    [ids[1], 'APPROVED'],
    [ids[2], 'REJECTED'],
  ] as const) {
    const res = await t.request('POST', '/api/tnas/changestatus', {
      token: validator.token,
      body: { staff_id: id, status, remarks: 'checked' },
    });
    expect(res.statusCode).toBe(200);
  }
  await t.request('POST', '/api/tnas/changestatus', {
    token: entry.token,
    body: { staff_id: ids[5], status: 'ARCHIVED', remarks: 'Duplicate: x' },
  });
});

describe('dashboard figures', () => {
  it('counts by status, every status listed', async () => {
    const res = await t.request('GET', '/api/tnas/status/figures', { token: viewer.token });
    expect(res.json().data).toEqual([
      { status: 'NEW', total: 2 },
      { status: 'APPROVED', total: 2 },
      { status: 'REJECTED', total: 1 },
      { status: 'ARCHIVED', total: 1 },
    ]);
  });

  it('counts per province and per department, leaving archived forms out', async () => {
    const provinces = (await t.request('GET', '/api/tnas/byprovince/figures', { token: viewer.token })).json().data;
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({ name: 'Kabul', name_fa: 'کابل', number: 5 });
    expect(provinces.slice(1).every((p: { number: number }) => p.number === 0)).toBe(true);
    const departments = (await t.request('GET', '/api/tnas/bydepartment/figures', { token: viewer.token })).json().data;
    expect(departments[0]).toMatchObject({ id: r.departmentId, number: 5 });
  });

  it('answers the headline counts of /stats/core', async () => {
    const stats = (await t.request('GET', '/api/stats/core', { token: viewer.token })).json().data;
    expect(stats).toMatchObject({
      assessments: 5,
      approved: 2,
      awaiting_review: 2,
      provinces_covered: 1,
      facilities_covered: 1,
      rejected: 1,
      trainings: 66,
      users: expect.any(Number),
    });
    expect((await t.request('GET', '/api/stats/core')).statusCode).toBe(401);
  });
});

describe('performance (admin only)', () => {
  it('counts what each officer entered and each reviewer decided', async () => {
    const entered = (await t.request('GET', '/api/performance/bydataentry', { token: t.adminToken })).json().data;
    expect(entered).toContainEqual({ id: entry.id, name: 'Entry One', staff_count: 6 });
    const reviewed = (await t.request('GET', '/api/performance/byvalidation', { token: t.adminToken })).json().data;
    expect(reviewed.filter((x: { id: number }) => x.id === validator.id)).toEqual([
      { id: validator.id, name: 'Validator One', to_status: 'APPROVED', tna_count: 2 },
      { id: validator.id, name: 'Validator One', to_status: 'REJECTED', tna_count: 1 },
    ]);
    expect(reviewed.filter((x: { id: number }) => x.id === entry.id)).toEqual([
      { id: entry.id, name: 'Entry One', to_status: 'ARCHIVED', tna_count: 1 },
    ]);
  });

  it('filters by date range', async () => {
    const none = (
      await t.request('GET', '/api/performance/bydataentry?from=2999-01-01', { token: t.adminToken })
    ).json().data;
    expect(none).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await t.request('GET', `/api/performance/byvalidation?from=${today}&to=${today}`, { token: t.adminToken })
    ).json().data;
    expect(todays.length).toBe(3);
  });

  it('is refused to everyone but admins', async () => {
    for (const token of [entry.token, validator.token, viewer.token]) {
      expect((await t.request('GET', '/api/performance/bydataentry', { token })).statusCode).toBe(403);
      expect((await t.request('GET', '/api/performance/byvalidation', { token })).statusCode).toBe(403);
      expect((await t.request('GET', '/api/logs/error-logs', { token })).statusCode).toBe(403);
    }
  });
});

describe('GET /api/logs/error-logs', () => {
  it('answers the recorded errors, newest first, paged', async () => {
    await t.database.db.insert(errorLogs).values([
      {
        method: 'GET',
        route: '/api/a',
        url: '/api/a',
        statusCode: 500,
        message: 'first',
        stack: 'Error: first',
        createdAt: new Date(Date.now() - 1000),
      },
      { method: 'POST', route: '/api/b', url: '/api/b', statusCode: 500, message: 'second', stack: 'Error: second' },
    ]);
    const page = (await t.request('GET', '/api/logs/error-logs', { token: t.adminToken })).json().data;
    expect(page.total).toBe(2);
    expect(page.data.map((e: { message: string }) => e.message)).toEqual(['second', 'first']);
    expect(page.data[0]).toMatchObject({
      route: '/api/b',
      method: 'POST',
      status_code: 500,
      stack: 'Error: second',
      created_at: expect.any(String),
    });
    await t.database.db.delete(errorLogs).where(inArray(errorLogs.message, ['first', 'second']));
  });
});

describe('performance: the order of names', () => {
  it('lists officers with as many forms in the order the lists use: numbers by value, Dari letters by alphabet', async () => {
    // Made in this order so that neither the ids nor the bytes of the names give the expected order.
    const officers: number[] = [];
    for (const name of ['Clerk 10', 'Clerk 2', 'تمنا', 'پروین']) {
      const officer = await t.userWithRole('dataentry', name);
      expect((await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r, 1))).statusCode).toBe(
        200,
      );
      officers.push(officer.id);
    }
    const entered = (await t.request('GET', '/api/performance/bydataentry', { token: t.adminToken })).json().data;
    const names = entered.filter((x: { id: number }) => officers.includes(x.id)).map((x: { name: string }) => x.name);
    expect(names).toEqual(['Clerk 2', 'Clerk 10', 'پروین', 'تمنا']);
  });
});

describe('the figures read their tally rows by index', () => {
  it('finds each shape of the tallies without reading the whole table or its primary key', async () => {
    // A test database holds a few tally rows, where reading the table is cheapest: forbid that, as a
    // table thick with old row versions under steady writes does, and see which index serves each.
    const plan = (query: SQLWrapper) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(sql`explain ${query}`);
        return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((x) => x['QUERY PLAN']).join('\n');
      });
    const db = t.database.db;
    for (const [name, query] of [
      ['status', statusFiguresQuery(db, null)],
      ['status in two provinces', statusFiguresQuery(db, [r.provinceId, r.provinceId + 1])],
      ['province', provinceFiguresQuery(db, null)],
      ['department', departmentFiguresQuery(db, null)],
    ] as const) {
      expect(await plan(query), name).toContain('assessment_tallies_shape_idx');
    }
  });
});
