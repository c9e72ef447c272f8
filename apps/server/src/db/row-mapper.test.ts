import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { withQuickRows } from './row-mapper.js';
import { assessments, users } from './schema/index.js';

// On PostgreSQL the prepared selects map their rows with decoders worked out once (withQuickRows).
// What a client would notice if that went wrong: a field missing, renamed, or of another type
// (a count as a string, a date as a Date) in a list page or a form's details.

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 40);
});

/** A select with every kind of field the app's reads have: columns of each type, typed and aliased SQL. */
function select(name: string) {
  const db = t.database.db;
  return db
    .select({
      id: assessments.id,
      name: assessments.name,
      birth_year: assessments.birthYear,
      created_at: assessments.createdAt,
      status: assessments.status,
      hospital_id: assessments.hospitalId,
      phone: assessments.phone,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      stamp: sql<string>`to_char(${assessments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      maybe: sql<string | null>`nullif(${assessments.name}, ${assessments.name})`.as('maybe'),
    })
    .from(assessments)
    .where(eq(assessments.status, sql.placeholder('status')))
    .orderBy(desc(assessments.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

describe.skipIf(!onPostgres)('rows of prepared selects', () => {
  it('are the rows drizzle makes, field for field and type for type', async () => {
    const quick = withQuickRows(select('row_mapper_quick'));
    const plain = select('row_mapper_plain');
    // The mapping is replaced only where it can be (else this test would compare drizzle with itself).
    expect((quick as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    expect((plain as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const values = { status: 'NEW', limit: 25 };
    const got = await quick.execute(values);
    const want = await plain.execute(values);
    expect(got.length).toBeGreaterThan(10);
    expect(got).toEqual(want);
    for (const [i, row] of got.entries()) {
      expect(Object.keys(row)).toEqual(Object.keys(want[i]!));
      expect(typeof row.total).toBe('number');
      expect(row.maybe).toBeNull();
    }
  });

  it('leaves selects whose fields nest as drizzle maps them', async () => {
    const nested = t.database.db
      .select({ id: assessments.id, creator: { email: users.email } })
      .from(assessments)
      .innerJoin(users, eq(users.id, assessments.createdBy))
      .limit(3)
      .prepare('row_mapper_nested');
    expect((withQuickRows(nested) as unknown as { customResultMapper?: unknown }).customResultMapper).toBeUndefined();
    const rows = await nested.execute();
    expect(rows[0]?.creator.email).toContain('@');
  });

  it('serve the list pages and details the API answers', async () => {
    const res = await t.request('GET', '/api/tnas/bystatus/NEW?page=1&per_page=5', { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.data[0];
    expect(typeof row.id).toBe('number');
    expect(typeof row.birth_year).toBe('number');
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(row.temp_province.name).toBeTruthy();
    const details = await t.request('GET', `/api/tnas/bystaffid/${row.id}`, { token: t.adminToken });
    expect(details.statusCode).toBe(200);
  });
});
