import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { autovacuumWarning } from './maintenance.js';

/** A database whose `arrays` answers what PostgreSQL would for `select current_setting(...) = 'off'`. */
const postgres = (off: boolean) => ({ kind: 'postgres' as const, arrays: async () => [[off]] });

describe('autovacuumWarning', () => {
  it('warns, with what to do, when PostgreSQL has autovacuum off', async () => {
    const warning = await autovacuumWarning(postgres(true));
    expect(warning).toMatch(/autovacuum is off/);
    expect(warning).toMatch(/vacuumdb --analyze/);
  });

  it('says nothing when it is on, nor on PGlite', async () => {
    expect(await autovacuumWarning(postgres(false))).toBeNull();
    const pglite = { kind: 'pglite' as const, arrays: async () => [[true]] };
    expect(await autovacuumWarning(pglite)).toBeNull();
  });
});

describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('on the PostgreSQL the tests run on', () => {
  it('warns exactly when its autovacuum is off', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      // As Database.arrays runs a query (db/client.ts): the answer's types as pg parses them.
      const arrays = async (text: string, values: unknown[]) =>
        (await client.query({ text, values, rowMode: 'array' })).rows;
      const off = (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]!.autovacuum === 'off';
      const warning = await autovacuumWarning({ kind: 'postgres', arrays });
      expect(warning !== null).toBe(off);
    } finally {
      await client.end();
    }
  });
});
