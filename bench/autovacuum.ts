// Autovacuum's work, done by the bench where the PostgreSQL it runs on has autovacuum off (machines of
// this kind have it off). Without it every run's writes stay as dead rows and pages that are no longer
// all-visible, and the next run reads around them: on a 1M-form database after about 40,000 writes,
// province searches took 68-75 ms at p95 instead of 51 and lists sorted by place name 48 instead of 33,
// which a production database, vacuumed by autovacuum, does not see (bench/README.md, 2026-11-29 fourth).
import pg from 'pg';

type Log = (line: string) => void;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function isOff(client: pg.Client): Promise<boolean> {
  return (await client.query<{ autovacuum: string }>('show autovacuum')).rows[0]!.autovacuum === 'off';
}

/**
 * Vacuum and analyze the database, as autovacuum would have between two runs, when autovacuum is
 * off; nothing when it is on (it does that itself).
 */
export async function vacuumAsAutovacuumWould(url: string, log: Log = console.log): Promise<void> {
  await withClient(url, async (client) => {
    if (!(await isOff(client))) return;
    const started = Date.now();
    await client.query('vacuum (analyze)');
    log(`  autovacuum is off on this PostgreSQL: vacuumed as it would have (${Date.now() - started} ms)`);
  });
}

interface TableState {
  name: string;
  reltuples: number;
  dead: number;
  inserted: number;
  modified: number;
  options: Record<string, number>;
}

/** The server's autovacuum settings, by name without the `autovacuum_` prefix. */
const SETTINGS = [
  'vacuum_threshold',
  'vacuum_scale_factor',
  'vacuum_insert_threshold',
  'vacuum_insert_scale_factor',
  'analyze_threshold',
  'analyze_scale_factor',
  'naptime',
] as const;

/** What autovacuum would run on a table now: vacuum, analyze, both or nothing (its documented rule). */
function due(t: TableState, server: Record<string, number>): { vacuum: boolean; analyze: boolean } {
  const s = (name: (typeof SETTINGS)[number]) => t.options[`autovacuum_${name}`] ?? server[name]!;
  const rows = Math.max(0, t.reltuples);
  return {
    vacuum:
      t.dead > s('vacuum_threshold') + s('vacuum_scale_factor') * rows ||
      (s('vacuum_insert_threshold') >= 0 &&
        t.inserted > s('vacuum_insert_threshold') + s('vacuum_insert_scale_factor') * rows),
    analyze: t.modified > s('analyze_threshold') + s('analyze_scale_factor') * rows,
  };
}

/**
 * While a timed run writes, with autovacuum off: every `autovacuum_naptime` (the first after a
 * random part of it, as the launcher's visits fall anywhere in a run) vacuum and analyze the tables
 * autovacuum would, by its thresholds and each table's own settings (migration 0026 sets them for
 * the tables every write touches). Does nothing when autovacuum is on. `stop` says what it ran.
 */
export function autovacuumStandIn(url: string): { stop: () => Promise<string[]> } {
  const ran: string[] = [];
  let stopped = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = withClient(url, async (client) => {
    if (!(await isOff(client))) return;
    const server: Record<string, number> = {};
    for (const name of SETTINGS) {
      const { rows } = await client.query<{ setting: string }>(
        `select setting from pg_settings where name = 'autovacuum_${name}'`,
      );
      server[name] = Number(rows[0]!.setting);
    }
    const naptimeMs = server.naptime! * 1000;
    await sleep(Math.random() * naptimeMs);
    while (!stopped) {
      const { rows } = await client.query<TableState & { reloptions: string[] | null }>(
        `select s.relname as name, c.reltuples::float8 as reltuples, s.n_dead_tup::float8 as dead,
           s.n_ins_since_vacuum::float8 as inserted, s.n_mod_since_analyze::float8 as modified, c.reloptions
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
      );
      for (const row of rows) {
        const options = Object.fromEntries(
          (row.reloptions ?? []).map((o) => o.split('=') as [string, string]).map(([k, v]) => [k, Number(v)]),
        );
        const { vacuum, analyze } = due({ ...row, options }, server);
        if (stopped || (!vacuum && !analyze)) continue;
        const started = Date.now();
        await client.query(`${vacuum ? 'vacuum (analyze)' : 'analyze'} "${row.name}"`);
        ran.push(`${vacuum ? 'vacuum' : 'analyze'} ${row.name} ${Date.now() - started} ms`);
      }
      await sleep(naptimeMs);
    }
  });
  return {
    stop: async () => {
      stopped = true;
      (wake as (() => void) | null)?.();
      await loop;
      return ran;
    },
  };
}
