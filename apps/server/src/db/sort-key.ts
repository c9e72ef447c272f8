import { type SQL, sql } from 'drizzle-orm';

/**
 * A name's sort key (tna_sort_key(), migration 0024, the twin of sortKey() in @tna/domain: numbers by
 * value, the Dari/Pashto alphabet), compared byte by byte, so that PGlite and PostgreSQL under any
 * locale list names in the same order. An ORDER BY fragment, for the repositories.
 */
export function sortKeyOf(value: SQL | { getSQL(): SQL }): SQL {
  return sql`tna_sort_key(${value}) collate "C"`;
}
