import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

/** Rows read from PGlite and written to PostgreSQL at a time (a batch of forms is a few MB of JSON). */
const BATCH_ROWS = 2_000;

export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `The target database already holds data (${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', ...' : ''}). Give an empty database (CREATE DATABASE tna;): nothing was changed.`,
    );
  }
}

export class VerifyError extends Error {}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

interface TableInfo {
  name: string;
  /** Primary key columns, in order (rows are copied in this order, parents before children). */
  key: string[];
  /** Columns that take a value on insert (generated ones are computed again by the target). */
  columns: string[];
  identityAlways: boolean;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The same text on PGlite (PostgreSQL 18) and on a PostgreSQL server: dates in UTC and ISO, floats
 * written exactly. The checksums of both sides are computed under it.
 */
const SESSION_SETTINGS = ["SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'", 'SET extra_float_digits = 1'];

/** Count and an order-free checksum of a table's rows (the sum of a 60-bit hash of each row's JSON). */
const checksumSql = (table: string) =>
  `SELECT count(*)::int AS n, coalesce(sum(('x' || substr(md5(row_to_json(t)::text), 1, 15))::bit(60)::bigint), 0)::text AS s FROM ${ident(table)} t`;

async function sourceTables(source: PGlite): Promise<TableInfo[]> {
  const tables = await source.query<{ name: string; key: string | null; columns: string; identity_always: boolean }>(`
    SELECT c.relname AS name,
      (SELECT string_agg(a.attname, ',' ORDER BY array_position(i.indkey, a.attnum))
         FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = c.oid AND i.indisprimary) AS key,
      (SELECT string_agg(a.attname, ',' ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attidentity = 'a') AS identity_always
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    ORDER BY c.relname`);
  const links = await source.query<{ child: string; parent: string }>(`
    SELECT ch.relname AS child, pa.relname AS parent
    FROM pg_constraint f JOIN pg_class ch ON ch.oid = f.conrelid JOIN pg_class pa ON pa.oid = f.confrelid
    JOIN pg_namespace n ON n.oid = ch.relnamespace
    WHERE f.contype = 'f' AND n.nspname = 'public'`);
  // Parents before children; a table's references to itself are met by copying in key order.
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of links.rows) {
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const pending = tables.rows.map((t) => ({
    name: t.name,
    key: t.key ? t.key.split(',') : [],
    columns: t.columns.split(','),
    identityAlways: t.identity_always,
  }));
  while (pending.length) {
    const next = pending.findIndex((t) => [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)));
    if (next < 0) throw new Error(`The tables ${pending.map((t) => t.name).join(', ')} refer to each other in a cycle`);
    const [table] = pending.splice(next, 1);
    ordered.push(table!);
    placed.add(table!.name);
  }
  return ordered;
}

/** Tables of the target's public schema that hold a row. */
export async function tablesWithRows(target: pg.ClientBase): Promise<string[]> {
  const { rows } = await target.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const filled: string[] = [];
  for (const { name } of rows) {
    const { rowCount } = await target.query(`SELECT 1 FROM ${ident(name)} LIMIT 1`);
    if (rowCount) filled.push(name);
  }
  return filled;
}

async function copyTable(
  tx: Transaction,
  target: pg.ClientBase,
  table: TableInfo,
  progress: (copied: number) => void,
): Promise<number> {
  const columns = table.columns.map(ident).join(', ');
  const order = table.key.length ? ` ORDER BY ${table.key.map((k) => `t.${ident(k)}`).join(', ')}` : '';
  const insert = `INSERT INTO ${ident(table.name)} (${columns})${table.identityAlways ? ' OVERRIDING SYSTEM VALUE' : ''}
    SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`;
  // Each side writes and reads the rows as PostgreSQL's own JSON, so every type travels exactly.
  await tx.query(
    `DECLARE move_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table.name)} t${order}`,
  );
  let copied = 0;
  for (;;) {
    const batch = await tx.query<{ j: string }>(`FETCH ${BATCH_ROWS} FROM move_rows`);
    if (!batch.rows.length) break;
    await target.query(insert, [`[${batch.rows.map((r) => r.j).join(',')}]`]);
    copied += batch.rows.length;
    progress(copied);
  }
  await tx.query('CLOSE move_rows');
  return copied;
}

async function copySequences(source: PGlite, target: pg.ClientBase): Promise<number> {
  const { rows } = await source.query<{ name: string; last: string | null }>(
    `SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const { name, last } of rows) {
    // The next id continues after the last one handed out, even when its row was deleted since: an
    // id in the audit trail never names two records.
    if (last === null) await target.query('SELECT setval($1, 1, false)', [`public.${ident(name)}`]);
    else await target.query('SELECT setval($1, $2::bigint, true)', [`public.${ident(name)}`, last]);
  }
  return rows.length;
}

/**
 * Copy a PGlite database (migrated to the latest schema) into an empty PostgreSQL database: migrate
 * the target, copy every table in the order of its references with the target's triggers off (the
 * counts they keep are copied as they are), set the sequences, and compare each table's row count and
 * checksum on both sides. All rows go in one transaction, committed only when every table matches: a
 * failure leaves the target with the empty schema and nothing else.
 */
export async function moveToPostgres(
  source: PGlite,
  targetUrl: string,
  log: (line: string) => void,
): Promise<TableReport[]> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const filled = await tablesWithRows(target);
    if (filled.length) throw new TargetNotEmptyError(filled);
    log('Migrating the target database...');
    const migrating = await openDatabase({ kind: 'postgres', url: targetUrl, max: 1 });
    try {
      await runMigrations(migrating);
    } finally {
      await migrating.close();
    }
    for (const s of SESSION_SETTINGS) {
      await source.exec(s);
      await target.query(s);
    }
    const tables = await sourceTables(source);
    const report: TableReport[] = [];
    await target.query('BEGIN');
    try {
      for (const table of tables) {
        await target.query(`ALTER TABLE ${ident(table.name)} DISABLE TRIGGER USER`);
        let shown = 0;
        const rows = await source.transaction((tx) =>
          copyTable(tx, target, table, (n) => {
            if (n - shown < 50_000) return;
            shown = n;
            log(`  ${table.name}: ${n.toLocaleString('en')} rows...`);
          }),
        );
        await target.query(`ALTER TABLE ${ident(table.name)} ENABLE TRIGGER USER`);
        log(`Copied ${table.name}: ${rows.toLocaleString('en')} rows`);
      }
      const sequences = await copySequences(source, target);
      log(`Set ${sequences} sequences`);
      for (const table of tables) {
        const [from, to] = await Promise.all([
          source.query<{ n: number; s: string }>(checksumSql(table.name)),
          target.query<{ n: number; s: string }>(checksumSql(table.name)),
        ]);
        const a = from.rows[0]!;
        const b = to.rows[0]!;
        if (a.n !== b.n || a.s !== b.s) {
          throw new VerifyError(
            `${table.name} differs after the copy: ${a.n} rows (checksum ${a.s}) in PGlite, ${b.n} rows (checksum ${b.s}) in PostgreSQL. Nothing was committed.`,
          );
        }
        report.push({ table: table.name, rows: a.n, checksum: a.s });
      }
      await target.query('COMMIT');
    } catch (error) {
      await target.query('ROLLBACK').catch(() => {});
      throw error;
    }
    // Fresh statistics and visibility maps, so that the first queries plan well and index-only reads
    // need not visit the tables.
    log('Analysing the target (VACUUM ANALYZE)...');
    await target.query('VACUUM ANALYZE');
    return report;
  } finally {
    await target.end().catch(() => {});
  }
}
