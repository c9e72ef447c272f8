import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, withDatabaseName } from '../test/pg-url.js';
import { type Database, openDatabase } from './client.js';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

/** An empty database of the kind the suite runs on. */
async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite' });
    cleanups.push(() => database.close());
    return database;
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `tna_migrate_${process.pid}_${Date.now()}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(base, name), max: 2 });
  cleanups.push(async () => {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return database;
}

/** A copy of the migrations that ends before `tag`: a database as an older release left it. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tna-migrations-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

describe('migrations', () => {
  it('run VACUUM ANALYZE after the sort-key rewrite (0024) once, outside its transaction, only when it was just applied', async () => {
    const database = await emptyDatabase();
    expect(await runMigrations(database, migrationsBefore('0024_natural_sort_keys'))).toEqual([]);
    expect(await runMigrations(database)).toEqual(['VACUUM ANALYZE assessments']);
    expect(await runMigrations(database)).toEqual([]);
    const { rows } = (await database.db.execute(sql`select tna_sort_key('Bilal7') as k`)) as unknown as {
      rows: { k: string }[];
    };
    expect(rows[0]?.k).toBe('bilal0000000007');
  }, 180_000);
});
