import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../test/helpers.js';
import { countAdminUnits, seed } from './seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

async function snapshot() {
  const tables = [
    'roles',
    'users',
    'user_roles',
    'admin_units',
    'departments',
    'positions',
    'trainings',
    'position_trainings',
    'health_facilities',
    'audit_logs',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const res = await t.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }
  return out;
}

describe('seed', () => {
  it("holds the five roles and Afghanistan's 34 provinces and 399 districts with P-codes", async () => {
    expect(await countAdminUnits(t.database.db)).toEqual({ provinces: 34, districts: 399 });
    const roles = await t.database.db.execute<{ name: string }>(sql`select name from roles order by id`);
    expect((roles as unknown as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual([
      'admin',
      'validator',
      'dataentry',
      'external_viewer',
      'internal_viewer',
    ]);
    const nangarhar = await t.database.db.execute(
      sql`select name_en, name_fa, name_ps from admin_units where code = 'AF06'`,
    );
    expect((nangarhar as unknown as { rows: unknown[] }).rows[0]).toEqual({
      name_en: 'Nangarhar',
      name_fa: 'ننگرهار',
      name_ps: 'ننګرهار',
    });
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await snapshot();
    const result = await seed(t.database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
    expect(result.createdAdmin).toBeNull();
    expect(await snapshot()).toEqual(before);
  });

  it('with DEMO_DATA: one user per role and a few hundred demo facilities over all 34 provinces, once', async () => {
    const own = await setupTestApp();
    const first = await seed(own.database.db, { adminEmail: TEST_ADMIN.email, demoData: true });
    expect(first.demoUsers.map((u) => u.role).sort()).toEqual([
      'admin',
      'dataentry',
      'external_viewer',
      'internal_viewer',
      'validator',
    ]);
    for (const u of first.demoUsers) await own.login(u.email, u.password);
    const res = await own.database.db.execute<{ provinces: number; n: number }>(
      sql`select count(distinct province_id)::int as provinces, count(*)::int as n from health_facilities where name like 'Demo %'`,
    );
    const row = (res as unknown as { rows: { provinces: number; n: number }[] }).rows[0]!;
    expect(row.provinces).toBe(34);
    expect(row.n).toBeGreaterThanOrEqual(200);
    const second = await seed(own.database.db, { adminEmail: TEST_ADMIN.email, demoData: true });
    expect(second.demoUsers).toEqual([]);
    const again = await own.database.db.execute<{ n: number }>(sql`select count(*)::int as n from health_facilities`);
    expect((again as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(row.n);
  });
});
