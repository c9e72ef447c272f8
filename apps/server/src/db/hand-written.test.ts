import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helpers.js';

// Database objects that the Drizzle schema cannot express, written by hand in the migrations. A
// future `db:generate` compares against the schema only and could write a migration that drops or
// rewrites them without a word: this test is what notices.

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('hand-written database objects after migrating', () => {
  it('keeps the covering indexes of migrations 0015 and 0026 with their INCLUDE columns', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'assessments'`,
    );
    const def = (name: string) => indexes.find((i) => i.indexname === name)?.indexdef;
    expect(def('assessments_status_district_id_idx')).toMatch(
      /\(status, job_district_id, id\) INCLUDE \(job_province_id\)$/,
    );
    expect(def('assessments_status_hospital_id_idx')).toMatch(
      /\(status, hospital_id, id\) INCLUDE \(job_province_id, job_district_id\)$/,
    );
    const blocks = await rows<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where schemaname = current_schema() and indexname = 'assessment_blocks_covering_idx'`,
    );
    expect(blocks[0]?.indexdef).toMatch(/\(status, province_id, block\) INCLUDE \(n\)$/);
  });

  it("keeps the duplicate check's indexes (migration 0022) and the import's form number index", async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() and tablename = 'assessments'`,
    );
    const def = (name: string) => indexes.find((i) => i.indexname === name)?.indexdef;
    expect(def('assessments_tazkira_key_idx')).toMatch(/\(tazkira_key\)$/);
    expect(def('assessments_person_key_idx')).toMatch(/\(person_key, birth_year, hospital_id\)$/);
    expect(def('assessments_form_no_key_idx')).toMatch(/lower\(translate\(form_no/);
  });

  it("keeps migration 0026's storage settings: vacuums that keep index-only reads, half-empty block pages", async () => {
    const options = await rows<{ relname: string; reloptions: string[] | null }>(
      sql`select relname, reloptions from pg_class where relname in ('assessments', 'assessment_blocks') and relkind = 'r'`,
    );
    const of = (name: string) => options.find((o) => o.relname === name)?.reloptions ?? [];
    expect(of('assessments')).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.01']));
    expect(of('assessment_blocks')).toEqual(expect.arrayContaining(['fillfactor=50']));
  });

  it('keeps the tally and block triggers (migrations 0008, 0026) and the change notifications (migrations 0010, 0027)', async () => {
    const triggers = await rows<{ table: string; name: string; fn: string }>(
      sql`select c.relname as "table", tg.tgname as name, p.proname as fn
          from pg_trigger tg
          join pg_class c on c.oid = tg.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
          join pg_proc p on p.oid = tg.tgfoid
          where not tg.tgisinternal and n.nspname = current_schema()`,
    );
    const found = triggers.map((x) => `${x.table}.${x.name} -> ${x.fn}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'assessments.assessment_tallies_insert -> assessment_tallies_track',
        'assessments.assessment_tallies_update -> assessment_tallies_track',
        'assessments.assessment_tallies_delete -> assessment_tallies_track',
        'assessments.assessment_tallies_truncate -> assessment_tallies_truncate',
        'assessments.assessment_blocks_insert -> assessment_blocks_track',
        'assessments.assessment_blocks_update -> assessment_blocks_track',
        'assessments.assessment_blocks_delete -> assessment_blocks_track_delete',
        'assessments.assessment_blocks_truncate -> assessment_blocks_truncate',
        'assessment_count_changes.assessment_count_changes_apply -> assessment_count_changes_apply',
        ...['insert', 'update', 'delete', 'truncate'].map(
          (op) => `assessments.assessments_notify_rows_${op} -> tna_notify_rows`,
        ),
        ...[
          'users',
          'user_roles',
          'roles',
          'sessions',
          'assessments',
          'assessment_priorities',
          'assessment_histories',
          'admin_units',
          'health_facilities',
          'departments',
          'positions',
          'trainings',
          'position_trainings',
        ].map((table) => `${table}.${table}_notify_change -> tna_notify_change`),
      ]),
    );
    // The counts of migration 0006 were replaced by the tallies (0009): nothing keeps them any more.
    expect(found.filter((x) => x.includes('assessment_counts'))).toEqual([]);
  });
});
