import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './client.js';
import { withQuickRows } from './row-mapper.js';

const statements = new WeakMap<object, Map<string, unknown>>();
let named = 0;

/** The database that runs each database's quick reads (see quickQuery), where it has one. */
const quickDatabases = new WeakMap<object, Db>();

/** Have `quick` run the quick reads asked of `db` (see PipelinePool); called when a database opens. */
export function setQuickDatabase(db: Db, quick: Db): void {
  quickDatabases.set(db, quick);
}

/** The database that runs the quick reads asked of `db`: itself where it has none. */
export function quickDatabase(db: Db): Db {
  return quickDatabases.get(db) ?? db;
}

/**
 * A query built once per database and key, then run as a named prepared statement: the hot reads
 * (lists, details, figures) then cost no query building in JavaScript and, on PostgreSQL, no parsing
 * and, once the server settles on a generic plan, no planning per request. `key` names everything
 * that changes the SQL text; the values go in as placeholders when it runs.
 */
export function preparedQuery<T>(db: Executor, key: string, build: (name: string) => T): T {
  // A transaction is a new object each time: preparing on it would leave a statement per transaction.
  if (db instanceof PgTransaction) return build('');
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  let query = byKey.get(key) as T | undefined;
  if (query === undefined) {
    query = withQuickRows(build(`tna_${++named}`));
    byKey.set(key, query);
  }
  return query;
}

/**
 * A prepared query (see preparedQuery) that is one short read by an index, a page of a list or a
 * part of a form's details: on PostgreSQL it runs on the pipelined connections (see PipelinePool),
 * where a slow query would hold up every one behind it, so nothing that reads a whole list (a count,
 * a search for anchors, an export) belongs here. `build` must build on the executor it is given.
 * In a transaction, or on PGlite, it is preparedQuery.
 */
export function quickQuery<T>(db: Executor, key: string, build: (db: Executor, name: string) => T): T {
  const quick = quickDatabases.get(db) ?? db;
  return preparedQuery(quick, key, (name) => build(quick, name));
}
