import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { audited } from './audited.js';
import { auditLogs, departments } from './schema/index.js';
import { runShaped, runShapedSql, type Slot, shaped, slotsOf, valuesOf } from './shaped.js';

// Shaped statements (issue 12 §3) are built once per key and then only given values: what they write
// must be what drizzle writes from the same values, nulls and left-out columns included.
describe('shaped statements', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp();
  });

  const insertDepartment = (row: { name: string; createdAt?: Date }) =>
    shaped(
      `test-department:${Object.keys(row)
        .filter((k) => row[k as keyof typeof row] !== undefined)
        .join(',')}`,
      (slot: Slot) =>
        t.database.db
          .insert(departments)
          .values(slotsOf(slot, 'd.', row))
          .returning({ name: departments.name, createdAt: departments.createdAt }),
      valuesOf('d.', row),
    );

  it('builds a text once and runs it with each call’s values', async () => {
    let builds = 0;
    const entry = (id: string, newValues: unknown) =>
      shaped(
        'test-entry',
        (slot) => {
          builds++;
          return t.database.db
            .insert(auditLogs)
            .values({ event: 'created', auditableType: 'ShapedA', auditableId: slot('id'), newValues: slot('new') })
            .returning();
        },
        { id, new: newValues },
      );
    const [a] = await runShaped<{ auditableId: string; newValues: unknown }>(t.database.db, entry('1', { n: 1 }));
    const [b] = await runShaped<{ auditableId: string; newValues: unknown }>(t.database.db, entry('2', { n: 'two' }));
    expect(builds).toBe(1);
    expect([a?.auditableId, a?.newValues]).toEqual(['1', { n: 1 }]);
    expect([b?.auditableId, b?.newValues]).toEqual(['2', { n: 'two' }]);
  });

  it('stores a null as SQL null, not as a JSON null, as drizzle does', async () => {
    await runShaped(
      t.database.db,
      shaped(
        'test-null',
        (slot) =>
          t.database.db
            .insert(auditLogs)
            .values({ event: 'created', auditableType: 'ShapedB', auditableId: '1', oldValues: slot('old') })
            .returning(),
        { old: null },
      ),
    );
    const rows = await t.database.db.execute<{ is_null: boolean }>(
      sql`select old_values is null as is_null from audit_logs where auditable_type = 'ShapedB'`,
    );
    expect((rows as unknown as { rows: { is_null: boolean }[] }).rows).toEqual([{ is_null: true }]);
  });

  it('leaves out a column with no value, so that it takes its default', async () => {
    const then = new Date('2020-01-02T03:04:05.000Z');
    const [given] = await runShaped<{ name: string; createdAt: Date }>(
      t.database.db,
      insertDepartment({ name: 'Shaped dept 1', createdAt: then }),
    );
    // Sent as null, the column (not null, default now()) would refuse the row.
    const [left] = await runShaped<{ name: string; createdAt: Date }>(
      t.database.db,
      insertDepartment({ name: 'Shaped dept 2', createdAt: undefined }),
    );
    expect(given).toEqual({ name: 'Shaped dept 1', createdAt: then });
    expect(left?.name).toBe('Shaped dept 2');
    expect(Date.now() - (left?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('refuses a call that misses a value, and writes nothing', async () => {
    const missing = shaped(
      'test-entry-2',
      (slot) =>
        t.database.db
          .insert(auditLogs)
          .values({ event: 'created', auditableType: slot('type'), auditableId: slot('id') })
          .returning(),
      { type: 'ShapedC' },
    );
    await expect(runShaped(t.database.db, missing)).rejects.toThrow('No value for id');
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.auditableType, 'ShapedC'));
    expect(rows).toEqual([]);
  });

  it('sends shaped and unshaped writes together, in a transaction', async () => {
    const rows = await audited(t.database.db, { userId: null, url: 'shaped' }, async (w) => {
      await w.together(w.entry('created', 'ShapedD', 1, null, { n: 1 }));
      return w.together(
        w.entry('created', 'ShapedD', 2, null, null),
        w.tx.insert(auditLogs).values({ event: 'created', auditableType: 'ShapedD', auditableId: '3' }),
        w.entry('updated', 'ShapedD', 1, { n: 1 }, { n: 2 }),
      );
    });
    expect(rows).toEqual([]);
    const written = await t.database.db
      .select({ id: auditLogs.auditableId, event: auditLogs.event, old: auditLogs.oldValues, new: auditLogs.newValues })
      .from(auditLogs)
      .where(eq(auditLogs.auditableType, 'ShapedD'));
    expect(written.sort((a, b) => `${a.id}${a.event}`.localeCompare(`${b.id}${b.event}`))).toEqual([
      { id: '1', event: 'created', old: null, new: { n: 1 } },
      { id: '1', event: 'updated', old: { n: 1 }, new: { n: 2 } },
      { id: '2', event: 'created', old: null, new: null },
      { id: '3', event: 'created', old: null, new: null },
    ]);
  });

  it('runs a shaped statement of plain SQL', async () => {
    const rows = await runShapedSql<{ n: number }>(
      t.database.db,
      shaped('test-sql', (slot) => sql`select ${slot('a')}::int + ${slot('b')}::int as n`, { a: 2, b: 3 }),
    );
    expect(rows).toEqual([{ n: 5 }]);
  });
});
