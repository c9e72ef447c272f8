import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

const statements = new WeakMap<object, Map<string, unknown>>();
let named = 0;

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
    query = build(`tna_${++named}`);
    byKey.set(key, query);
  }
  return query;
}
