import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ChangeFeed } from './changes.js';
import { nameWrites } from './named-statements.js';
import { PipelinePool } from './pipelines.js';
import { setQuickDatabase } from './prepared.js';
import * as schema from './schema/index.js';
import { setWriteGate, WriteGate } from './write-gate.js';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** The embedded instance, when the database is PGlite (for backups). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** On PostgreSQL, the pipelined connections of the quick reads (see PipelinePool). */
  pipelines?: PipelinePool;
  /** When cached reads may have changed (see changes.ts). */
  changes: ChangeFeed;
  /**
   * Rows as arrays of values, straight from the driver: for bulk reads (the Excel export) where
   * building an object per row costs more than the query. Write the SQL so that every column comes
   * back as a number or a string on both drivers (cast dates to text).
   */
  arrays(text: string, values: unknown[]): Promise<unknown[][]>;
  /**
   * A long read (a stream of a whole list): on PostgreSQL a connection of its own, in a read-only
   * snapshot so that every batch sees the same moment; on PGlite the database itself (a transaction
   * there would hold up every other request). `release` must be called, whatever happens.
   */
  reader(): Promise<Reader>;
  close(): Promise<void>;
}

export interface Reader {
  db: Db;
  arrays(text: string, values: unknown[]): Promise<unknown[][]>;
  release(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | {
      kind: 'postgres';
      url: string;
      /** The pool's connections (20 unless given). */
      max?: number;
      /** Pipelined connections for the quick reads (see PipelinePool): 3 unless given, 0 for none. */
      pipelines?: number;
      heartbeatMs?: number;
      /** Write transactions at once (see WriteGate): 8 unless given, 0 for no limit. */
      writers?: number;
    };

/**
 * Plan a prepared statement once and reuse the plan. The hot reads are named prepared statements
 * (db/prepared.ts); left to choose, PostgreSQL plans a list page afresh on every call (it cannot
 * tell how cheap LIMIT $n will be), which took twice the time of running it. Every parameterised
 * query of the app filters on an index that serves any value, so one plan fits all values.
 */
const PLAN_CACHE_MODE = 'force_generic_plan';

/** Open PGlite in a folder (or in memory) or a PostgreSQL pool; one schema for both. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const connection = { connectionString: target.url, options: `-c plan_cache_mode=${PLAN_CACHE_MODE}` };
    const pool = new pg.Pool({ ...connection, max: target.max ?? 20 });
    pool.on('connect', nameWrites);
    // A dropped idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const pipelines = new PipelinePool(pool, connection, target.pipelines ?? 3);
    // drizzle takes it for a pool (by its class name): a transaction on it gets one of the pool's connections.
    const writers = target.writers ?? 8;
    if (writers) setWriteGate(db, new WriteGate(writers));
    setQuickDatabase(db, drizzleNodePg({ client: pipelines as unknown as pg.Pool, schema }) as unknown as Db);
    const changes = new ChangeFeed({ heartbeatMs: target.heartbeatMs });
    // Without the listener the server still works, with its caches off, and keeps trying. The change
    // mark that ends every write is a short statement: on a pipelined connection it leaves in one
    // socket write with the reads queued beside it, where on one of the pool's it cost a round trip
    // of its own and waited for a connection behind the writes' transactions. Paired with the pool's
    // under the mixed load (bench/mixed-ab.ts, bench/README.md 2026-12-03, fourth session): the
    // server's CPU a request lower in ten pairs of eleven, by a median of 0.07-0.21 ms of 0.7-1.0.
    await changes
      .listenPostgres(target.url, async (text) => String((await pipelines.query(text)).rows[0].n))
      .catch(() => {});
    return {
      kind: 'postgres',
      db,
      pool,
      pipelines,
      changes,
      arrays: async (text, values) => (await pool.query({ text, values, rowMode: 'array' })).rows,
      reader: async () => {
        const client = await pool.connect();
        try {
          await client.query('begin transaction isolation level repeatable read read only');
        } catch (error) {
          client.release(error as Error);
          throw error;
        }
        return {
          db: drizzleNodePg({ client, schema }) as unknown as Db,
          arrays: async (text, values) => (await client.query({ text, values, rowMode: 'array' })).rows,
          release: async () => {
            // A connection that cannot end its transaction is closed rather than given back.
            const failed = await client.query('rollback').then(
              () => undefined,
              (error: Error) => error,
            );
            client.release(failed);
          },
        };
      },
      close: async () => {
        await changes.close();
        await pipelines.end();
        await pool.end();
      },
    };
  }
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  });
  await client.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const changes = new ChangeFeed();
  await changes.listenPglite(client);
  const arrays = async (text: string, values: unknown[]) =>
    (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    changes,
    arrays,
    reader: async () => ({ db, arrays, release: async () => {} }),
    close: async () => {
      await changes.close();
      if (!client.closed) await client.close();
    },
  };
}
