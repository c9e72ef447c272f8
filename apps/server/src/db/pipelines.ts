import type { Writable } from 'node:stream';
import pg from 'pg';

/** How long a pipelined connection that failed to open waits before it is tried again. */
const RETRY_MS = 1000;
/** How the pipelined connections show in pg_stat_activity. */
export const PIPELINED_NAME = 'tna-pipelined';
/**
 * A query goes to the first connection that has fewer than this many queries waiting, and to the
 * others only while it is that far behind (a slow query, a burst). Spread evenly, as they were, the
 * queries of one turn of the event loop left in three writes and woke three backends; on two
 * instances six backends, two servers and the load took turns on two cores. Filled in order, the
 * mixed run's reads on two instances (bench/README.md, 2026-12-03, fifth session) had a p95 lower in
 * each of four alternated pairs (57.5-92.3 ms against 65.0-112.0), with less of the servers' and
 * PostgreSQL's CPU a request; on one instance, compared in paired slices, lower in five of six.
 * At 32 (every query on one connection, as with DATABASE_PIPELINES=1) two instances did worse: a
 * backend that waits for a core holds up all of its instance's reads. At about 0.3 ms of PostgreSQL's time each, 16 queries are about 5 ms.
 */
export const SPILL_AT = 16;

/**
 * A few PostgreSQL connections in pipeline mode (node-postgres sends a connection's queued queries
 * without waiting for each answer) that carry the hot reads: a list page, a form's details. Under
 * load the server's one thread, not PostgreSQL, was what ran out, and a quarter of a province
 * search's time was spent writing its query to one of the pool's twenty sockets and waking that
 * connection's backend; queries queued on a few connections go out in fewer, larger writes. Three
 * (DATABASE_PIPELINES) did a little better than two, both far better than none (bench/README.md,
 * "Session of 2026-11-28").
 *
 * A slow query holds up every query sent behind it on its connection, so only short single
 * statements that read by an index belong here (see `quickQuery` in prepared.ts). Anything else that
 * is asked of it goes to the pool: `connect()` (which drizzle uses for a transaction: its class name
 * has "Pool" in it for that reason) and every query while no pipelined connection is up (before the
 * first one opens, after one drops and until it is open again).
 */

export class PipelinePool {
  private readonly lines: Line[];
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    size: number,
  ) {
    this.lines = Array.from({ length: size }, () => ({ client: null, opening: false, retryAt: 0, inFlight: 0 }));
  }

  /** The pipelined connections it keeps open. */
  get size(): number {
    return this.lines.length;
  }

  /** Connections that are open now (for the tests and the logs). */
  get open(): number {
    return this.lines.filter((line) => line.client).length;
  }

  // The same overloads drizzle and the app use of pg.Pool's query: a config object or a text, and
  // values; always a promise.
  query(config: pg.QueryConfig | string, values?: unknown[]): Promise<pg.QueryResult> {
    const line = this.pick();
    if (!line?.client) return this.pool.query(config as pg.QueryConfig, values);
    const client = line.client;
    line.inFlight++;
    holdWrites(line, client);
    return client.query(config as pg.QueryConfig, values).finally(() => {
      line.inFlight--;
    });
  }

  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  async end(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.lines.map(async (line) => {
        const client = line.client;
        line.client = null;
        await client?.end().catch(() => {});
      }),
    );
  }

  /**
   * The first open connection with fewer than SPILL_AT queries waiting, else the one with the fewest;
   * opens those that are not open.
   */
  private pick(): Line | undefined {
    let first: Line | undefined;
    let fewest: Line | undefined;
    for (const line of this.lines) {
      if (!line.client) {
        this.reopen(line);
        continue;
      }
      if (!first && line.inFlight < SPILL_AT) first = line;
      if (!fewest || line.inFlight < fewest.inFlight) fewest = line;
    }
    return first ?? fewest;
  }

  private reopen(line: Line): void {
    if (line.opening || this.closed || Date.now() < line.retryAt) return;
    line.opening = true;
    const client = new pg.Client({ ...this.config, application_name: PIPELINED_NAME, pipeline: true });
    // A dropped connection fails the queries sent on it (as a pool's would) and is opened again on
    // the next query; meanwhile its share goes to the other one or to the pool.
    const drop = () => {
      if (line.client === client) line.client = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    client.connect().then(
      () => {
        line.opening = false;
        if (this.closed) void client.end().catch(() => {});
        else line.client = client;
      },
      () => {
        // Not reachable now: the pool answers (or fails as it would have), and a query a second
        // later tries again (not every query: a database that is down would get a storm of them).
        line.opening = false;
        line.retryAt = Date.now() + RETRY_MS;
      },
    );
  }
}

/**
 * Holds a connection's writes until the event loop's check phase (setImmediate), so that the queries
 * of all the requests read in one poll of the sockets leave in one write: node-postgres writes each
 * query as it is asked (its own cork covers one query), and every write to a local socket wakes the
 * backend and costs the server's one thread a system call.
 */
function holdWrites(line: Line, client: pg.Client): void {
  if (line.holding) return;
  const stream = (client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
  if (!stream?.cork) return;
  line.holding = true;
  stream.cork();
  setImmediate(() => {
    line.holding = false;
    stream.uncork();
  });
}

interface Line {
  client: pg.Client | null;
  /** Whether this connection's writes are held until the check phase (see holdWrites). */
  holding?: boolean;
  opening: boolean;
  /** When a connection that failed to open may be tried again. */
  retryAt: number;
  /** Queries sent on this connection and not answered yet. */
  inFlight: number;
}
