import type { Database } from './client.js';

/**
 * A warning for the log when the PostgreSQL behind the server has autovacuum off, or null. The lists'
 * index-only scans and the kept counts rely on autovacuum clearing what writes leave behind (migration
 * 0026 has it visit the tables every write touches after 2,000 dead rows); without it, a database
 * with 1M forms read its province searches a third slower after about 40,000 writes (bench/README.md,
 * 2026-11-29 fourth). PGlite has no autovacuum worker and needs none at its size; its writes are
 * few and the server vacuums after the migrations that rewrite a table.
 */
export async function autovacuumWarning(database: Pick<Database, 'kind' | 'arrays'>): Promise<string | null> {
  if (database.kind !== 'postgres') return null;
  const [row] = await database.arrays(`select current_setting('autovacuum') = 'off'`, []);
  if (row?.[0] !== true) return null;
  return (
    "PostgreSQL's autovacuum is off: lists and searches slow down as forms are written. Turn it on " +
    '(autovacuum = on in postgresql.conf, its default) or run `vacuumdb --analyze` on this database every night.'
  );
}
