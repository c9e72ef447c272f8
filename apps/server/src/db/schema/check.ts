import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column IN ('a', 'b')` for CHECK constraints built from the domain's constant lists. */
export function inList(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const list = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`)).join(', ');
  return sql`${column} IN (${sql.raw(list)})`;
}
