import type { Writable } from 'node:stream';
import pg from 'pg';

/** How long a pipelined connection that failed to open waits before it is tried again. */
const RETRY_MS = 1000;
/** How the pipelined connections show in pg_stat_activity. */
export const PIPELINED_NAME = 'tna-pipelined';

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

  /** The open connection with the fewest queries waiting; opens those that are not open. */
  private pick(): Line | undefined {
    let best: Line | undefined;
    for (const line of this.lines) {
      if (!line.client) {
        this.reopen(line);
        continue;
      }
      if (!best || line.inFlight < best.inFlight) best = line;
    }
    return best;
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
