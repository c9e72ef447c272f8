import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameWrites, statementName } from './named-statements.js';

describe('statementName', () => {
  it('names writes and row locks, one name per text', () => {
    const insert = 'insert into "t" ("a") values ($1) returning "id"';
    const name = statementName(insert);
    expect(name).toMatch(/^tna_write_\d+$/);
    expect(statementName(insert)).toBe(name);
    for (const text of [
      'update "assessments" set "status" = $1 where "id" = $2',
      'delete from "sessions" where "token_hash" = $1',
      'with "a" as (insert into "audit_logs" ("x") values ($1) returning 1) select 1',
      'with "a" as (select 1) update "assessments" set "version" = "version" + 1 where "id" = $1',
      'select "id" from "assessments" where "id" = $1 for update',
      'select "id" from "assessments" where "id" = $1 for no key update',
    ]) {
      const other = statementName(text);
      expect(other, text).toMatch(/^tna_write_\d+$/);
      expect(other).not.toBe(name);
    }
  });

  it('leaves reads unnamed: their plan may depend on the values', () => {
    for (const text of [
      'select * from "assessments" where "status" = $1',
      'with "s" as (select 1) select * from "s"',
      'select "updated_at" from "assessments"',
      'begin',
    ]) {
      expect(statementName(text), text).toBeUndefined();
    }
  });

  it("leaves long writes unnamed: an import's many rows in one statement", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `($${i + 1})`).join(', ');
    for (const text of [`insert into "t" ("a") values ${rows}`]) {
      expect(statementName(text), text).toBeUndefined();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
// A table of its own: test files run at once on the same database.
const table = `named_statements_probe_${process.pid}`;

describe.skipIf(!onPostgres)('writes on a pool connection', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    // One connection, so that the statements it prepared can be read back on it.
    pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('connect', nameWrites);
    await pool.query(`create table ${table} (id serial primary key, v text not null)`);
  });
  afterAll(async () => {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  });

  const insert = (v: string) =>
    pool.query({ text: `insert into ${table} (v) values ($1) returning id, v`, values: [v] });

  it('are prepared once by name and give each call its own answer', async () => {
    const first = await insert('one');
    const second = await insert('two');
    expect(first.rows).toEqual([{ id: 1, v: 'one' }]);
    expect(second.rows).toEqual([{ id: 2, v: 'two' }]);
    const read = await pool.query({ text: `select v from ${table} where id = $1`, values: [2] });
    expect(read.rows).toEqual([{ v: 'two' }]);
    const prepared = await pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements order by name',
    );
    expect(prepared.rows.map((r) => r.statement)).toEqual([`insert into ${table} (v) values ($1) returning id, v`]);
    expect(prepared.rows[0]!.name).toBe(statementName(`insert into ${table} (v) values ($1) returning id, v`));
  });

  it('a failed write does not fail the next one', async () => {
    // pg's pool closes a connection whose query failed: the next one prepares the statement afresh.
    await expect(
      pool.query({ text: `insert into ${table} (v) values ($1) returning id, v`, values: [null] }),
    ).rejects.toThrow(/null value/);
    expect((await insert('three')).rows[0]!.v).toBe('three');
  });
});
