import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { seed } from '../db/seed.js';
import { TEST_ADMIN } from './constants.js';
import { adminUrl, withDatabaseName } from './pg-url.js';

/**
 * Prepare one migrated and seeded database per run, which every test file then copies: PGlite as a
 * data-folder tarball (creating and migrating a PGlite costs seconds), PostgreSQL as a template
 * database (CREATE DATABASE ... TEMPLATE is fast).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tna_tpl_${process.pid}_${Date.now()}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(base, name), max: 2 });
    await runMigrations(database);
    await seed(database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
    await database.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  await runMigrations(database);
  await seed(database.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  const tarball = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'tna-test-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}
