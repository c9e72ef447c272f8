// npm run bench: fill PostgreSQL with N assessments (default 1,000,000), start the server on it, and
// measure the calls of the review workflow under load from this machine (127.0.0.1 only, bounded in
// time). Prints the machine's speed (sign-ins a second, pure argon2id) first and again after the
// reads, then p50/p95/p99 latency and requests a second per call for an admin's, a validator's and a
// viewer's token, a mixed run of reads and writes on one and on two instances, the export times and
// the server's peak memory. Not part of npm test.
import { ASSESSMENT_SORTS, toPersianDigits } from '@tna/domain';
import pg from 'pg';
import { autovacuumStandIn, vacuumAsAutovacuumWould } from './autovacuum.js';
import { BENCH_ADMIN, BENCH_USER_PASSWORD, BENCH_VIEWER, generate } from './generate.js';
import { CONNECTIONS, count, DURATION, getJson, load, login, type Row, Server, timedExport } from './lib.js';
import { MIXED_ORDERS, type MixedOrder, type MixedRefs, type MixedResult, mixedRun } from './mixed.js';
import { compareBuilds } from './mixed-ab.js';
import { printMixed } from './mixed-report.js';
import { scopedCalls } from './scoped.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tna_bench';
const SKIP_BIG_EXPORT = process.env.BENCH_SKIP_BIG_EXPORT === '1';
/** Which parts to run (comma-separated): reads, scoped, mixed, export. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'reads,scoped,mixed,export').split(','));
/** The token kinds the read calls run with: admin, validator, viewer. */
const ROLES = (process.env.BENCH_ROLES ?? 'admin,validator,viewer').split(',');
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_DURATION ?? 60);
/** The share of writes in the mixed run (issue 12: 10%). */
const WRITE_SHARE = Number(process.env.BENCH_WRITE_SHARE ?? 0.1);
/** The instance counts the mixed run is made on, one after the other. */
const INSTANCES = (process.env.BENCH_INSTANCES ?? '1,2').split(',').map(Number);

function dbUrl(suffix: string): string {
  const u = new URL(BASE_URL);
  u.pathname = `${u.pathname}${suffix}`;
  return u.toString();
}

const fmt = (n: number) => n.toFixed(1).padStart(7);
const pick = <T>(from: readonly T[]): T => from[Math.floor(Math.random() * from.length)]!;
type Unit = { id: number; code: string };

/** Every district of the country, for searches that no cache can answer. */
async function allPlaces(server: Server, token: string) {
  const places: { province: number; district: number }[] = [];
  for (const p of (await getJson<{ data: Unit[] }>(server, '/api/provinces', token)).data) {
    for (const d of (await getJson<{ data: Unit[] }>(server, `/api/provinces/districts/${p.id}`, token)).data)
      places.push({ province: p.id, district: d.id });
  }
  return places;
}

/**
 * The read calls of one user. Admins and validators review the NEW list; an internal viewer reads
 * APPROVED forms only (SPEC 6), so its lists, searches and details are of APPROVED forms.
 */
async function readCalls(server: Server, who: string, token: string, ids: number[], status: string): Promise<Row[]> {
  const places = await allPlaces(server, token);
  const first = places[0]!;
  const total = await count(server, token, status);
  const lastPage = Math.max(1, Math.ceil(total / 15));
  const randomId = () => pick(ids);
  const rows: Row[] = [];
  const as = (call: string) => `${call} [${who}]`;
  const list = `/api/tnas/bystatus/${status}`;
  rows.push(
    await load(server, as('GET /api/tnas/bystaffid/{id}'), { path: () => `/api/tnas/bystaffid/${randomId()}`, token }),
  );
  rows.push(await load(server, as(`GET ${list} page 1`), { path: `${list}?page=1`, token }));
  rows.push(
    await load(server, as(`GET ${list} page ${Math.min(5000, lastPage)}`), {
      path: `${list}?page=${Math.min(5000, lastPage)}`,
      token,
    }),
  );
  // The lists keep pages in memory until the data changes; these ask for pages at random, so nearly
  // every request reads the database.
  rows.push(
    await load(server, as(`GET ${status} random page (uncached)`), {
      path: () => `${list}?page=${1 + Math.floor(Math.random() * lastPage)}`,
      token,
    }),
  );
  rows.push(
    await load(server, as(`GET ${status} sorted by name, random page (uncached)`), {
      path: () =>
        `${list}?sort=name&direction=${pick(['asc', 'desc'])}&page=${1 + Math.floor(Math.random() * Math.min(3000, lastPage))}`,
      token,
    }),
  );
  rows.push(
    await load(server, as(`GET ${status} sorted by province, district or facility name, random page (uncached)`), {
      path: () =>
        `${list}?sort=${pick(['province', 'district', 'health_facility'])}&direction=${pick(['asc', 'desc'])}&lang=${pick(['en', 'fa', 'ps'])}&page=${1 + Math.floor(Math.random() * lastPage)}`,
      token,
    }),
  );
  rows.push(
    await load(server, as('POST /api/tnas/search random district+page (uncached)'), {
      method: 'POST',
      path: () => `/api/tnas/search?page=${1 + Math.floor(Math.random() * 5)}`,
      body: () => JSON.stringify({ ...pick(places), status }),
      token,
    }),
  );
  const provinceIds = [...new Set(places.map((p) => p.province))];
  const headers = ASSESSMENT_SORTS.filter((sort) => sort !== 'created_at');
  const provinceSearch = {
    method: 'POST' as const,
    path: () =>
      `/api/tnas/search?sort=${pick(headers)}&direction=${pick(['asc', 'desc'])}&page=${1 + Math.floor(Math.random() * 200)}`,
    body: () => JSON.stringify({ province: pick(provinceIds), status }),
    token,
  };
  rows.push(
    await load(
      server,
      as('POST /api/tnas/search random province, sorted by any header, page 1-200 (uncached)'),
      provinceSearch,
    ),
  );
  // The same again: the first run is also the server's first sight of these 272 lists (their
  // anchors and place counts are read meanwhile), this one shows a server that knows them.
  rows.push(
    await load(
      server,
      as('POST /api/tnas/search random province, sorted by any header, page 1-200 (the lists known)'),
      provinceSearch,
    ),
  );
  rows.push(
    await load(server, as('POST /api/tnas/search province+district'), {
      method: 'POST',
      path: '/api/tnas/search',
      body: JSON.stringify({ ...first, status }),
      token,
    }),
  );
  rows.push(
    await load(server, as('GET /api/tnas/histories/bystaffid/{id}'), {
      path: () => `/api/tnas/histories/bystaffid/${randomId()}`,
      token,
    }),
  );
  // The dashboard's three figures (issue 6: at most 50 ms p95 each).
  for (const figure of ['status', 'byprovince', 'bydepartment']) {
    rows.push(
      await load(server, as(`GET /api/tnas/${figure}/figures`), { path: `/api/tnas/${figure}/figures`, token }),
    );
  }
  return rows;
}

/**
 * The machine's speed: a sign-in is one argon2id hash and little else, so its rate measures the CPU.
 * Figures from machines of different speed are compared through it.
 */
function signInRate(server: Server, call: string): Promise<Row> {
  return load(server, call, {
    method: 'POST',
    path: '/api/login',
    body: JSON.stringify(BENCH_ADMIN),
    // At least 10 s: on a slow machine 32 hashes at once take seconds, and a short run sees none end.
    duration: Math.max(10, DURATION),
  });
}

/** Ids of generated forms of a status, and the catalogue and places a new form is made of. */
async function fromDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (status: string, n: number) =>
      (
        await client.query<{ id: number }>('select id from assessments where status = $1 order by random() limit $2', [
          status,
          n,
        ])
      ).rows.map((r) => r.id);
    const facilities = (
      await client.query<{ id: number; province: number; district: number }>(
        'select id, province_id as province, district_id as district from health_facilities',
      )
    ).rows;
    const positions = (
      await client.query<{ id: number; department: number }>('select id, department_id as department from positions')
    ).rows;
    const trainings = new Map<number, number[]>();
    for (const t of (
      await client.query<{ id: number; d: number }>('select id, department_id as d from trainings order by id')
    ).rows)
      trainings.set(t.d, [...(trainings.get(t.d) ?? []), t.id]);
    return {
      approved: await ids('APPROVED', 20_000),
      fresh: await ids('NEW', 40_000),
      facilities,
      positions,
      trainings,
    };
  } finally {
    await client.end();
  }
}

async function main() {
  console.log(
    `TNA benchmark: ${ROWS.toLocaleString('en')} assessments on ${BASE_URL.replace(/:[^:@/]*@/, '@')}, ${CONNECTIONS} connections, ${DURATION} s a call`,
  );
  await generate(BASE_URL, ROWS, { NEW: 0.45, APPROVED: 0.35, REJECTED: 0.1, ARCHIVED: 0.1 });
  const db = await fromDatabase(BASE_URL);

  const server = new Server();
  await server.start(BASE_URL);
  const speed = await signInRate(server, 'POST /api/login');
  console.log(
    `machine speed: POST /api/login ${speed.rps} req/s (p95 ${speed.p95.toFixed(0)} ms, ${speed.errors} errors${speed.codes ? `: ${speed.codes}` : ''}); bench/README.md compares machines by it`,
  );
  const token = await login(server);
  const validator = await login(server, { email: 'validator1@bench.test', password: BENCH_USER_PASSWORD });
  const rows: Row[] = [speed];

  if (PARTS.has('reads')) {
    const everyId = Array.from({ length: 20_000 }, () => 1 + Math.floor(Math.random() * ROWS));
    for (const role of ROLES) {
      if (role === 'admin') rows.push(...(await readCalls(server, 'admin', token, everyId, 'NEW')));
      if (role === 'validator') rows.push(...(await readCalls(server, 'validator', validator, everyId, 'NEW')));
      if (role === 'viewer') {
        const viewer = await login(server, BENCH_VIEWER);
        rows.push(...(await readCalls(server, 'internal viewer', viewer, db.approved, 'APPROVED')));
      }
    }
    // My Assessments of one data-entry officer (the generator spreads the forms over 60 of them).
    const officer = await login(server, { email: 'entry1@bench.test', password: BENCH_USER_PASSWORD });
    const myPages = (await getJson<{ data: { last_page: number } }>(server, '/api/tnas/myforms/NEW', officer)).data
      .last_page;
    rows.push(
      await load(
        server,
        `GET /api/tnas/myforms/NEW random page (one officer's ${myPages.toLocaleString('en')} pages)`,
        {
          path: () => `/api/tnas/myforms/NEW?page=${1 + Math.floor(Math.random() * myPages)}`,
          token: officer,
        },
      ),
    );
    // The lists a New Assessment form is built from, which every officer's device asks for: a
    // province's districts, the trainings, and the whole copy of places and facilities a device keeps
    // for offline work (the largest answer of the API).
    const provinces = (await getJson<{ data: Unit[] }>(server, '/api/provinces', officer)).data;
    rows.push(
      await load(server, 'GET /api/provinces/districts/{id} random province (form list)', {
        path: () => `/api/provinces/districts/${pick(provinces).id}`,
        token: officer,
      }),
    );
    for (const path of ['/api/trainings', '/api/reference/offline']) {
      rows.push(await load(server, `GET ${path} (form list)`, { path, token: officer }));
    }
    // The duplicate check on every submit: a generated form's tazkira, in Latin or Persian digits;
    // under the full load, and as one officer waits for it (one connection).
    for (const connections of [CONNECTIONS, 1]) {
      rows.push(
        await load(server, `POST /api/tnas/duplicates random tazkira, Latin or Persian digits, ${connections} conn.`, {
          method: 'POST',
          path: '/api/tnas/duplicates',
          body: () => {
            const tazkira = `T-${1 + Math.floor(Math.random() * ROWS)}`;
            return JSON.stringify({ tazkira: Math.random() < 0.5 ? tazkira : toPersianDigits(tazkira) });
          },
          token: officer,
          connections,
        }),
      );
    }
  }
  if (PARTS.has('scoped')) rows.push(...(await scopedCalls(server, token, BASE_URL)));
  const listPeak = server.peakRss / 1048576;

  let exports = '';
  if (PARTS.has('export')) {
    const rejected = await count(server, token, 'REJECTED');
    // The first export after the server started also compiles its code paths; a running server has
    // done that long before, so the second is what users see. Both are printed.
    const small = await timedExport(server, token, 'REJECTED');
    const warm = await timedExport(server, token, 'REJECTED');
    exports = `export of ${rejected.toLocaleString('en')} rows (REJECTED): ${small.seconds.toFixed(1)} s the first time after start, ${warm.seconds.toFixed(1)} s the second, ${(warm.bytes / 1048576).toFixed(1)} MB file, server peak ${Math.max(small.peakMb, warm.peakMb).toFixed(0)} MB`;
  }
  // The machine's speed again: a shared machine's drifts within minutes (bench/README.md, 2026-11-30
  // sixth: 100 and 121 sign-ins a second a quarter of an hour apart), so a call's figures are read
  // against the speed of their time, between the two. After the peaks of the reads and the export are
  // taken: the hashes' memory is the sign-ins' own. Run between the reads and the export, its last
  // hashes were still held when the export's peak began, and that peak printed 245-258 MB where the
  // export's own samples were 207-216 (bench/README.md, 2026-12-03).
  if (PARTS.has('reads') || PARTS.has('scoped')) rows.push(await signInRate(server, 'POST /api/login, again'));
  await server.stop();

  console.log('\n| call | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.call} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${String(r.rps).padStart(6)} | ${r.errors}${r.codes ? ` (${r.codes})` : ''} |`,
    );
  console.log(`\nserver peak memory during the load runs: ${listPeak.toFixed(0)} MB`);
  if (exports) console.log(exports);

  if (PARTS.has('mixed')) {
    // 90% reads, 10% writes, on one and then on two instances behind the same PostgreSQL (each run
    // moves forms of its own: the second takes the ids the first left).
    const newIds = [...db.fresh];
    const places = db.facilities.map((f) => ({ province: f.province, district: f.district }));
    // Each slice of a paired comparison (mixed-ab.ts) moves forms of its own too.
    const mixedOn = async (servers: Server[], idsEach = 20_000): Promise<MixedResult> => {
      const first = servers[0]!;
      const readers = [
        await login(first),
        await login(first, { email: 'validator2@bench.test', password: BENCH_USER_PASSWORD }),
      ];
      const validators = [
        await login(first),
        await login(first, { email: 'validator3@bench.test', password: BENCH_USER_PASSWORD }),
      ];
      const officers: string[] = [];
      for (let i = 1; i <= 8; i++)
        officers.push(await login(first, { email: `entry${i}@bench.test`, password: BENCH_USER_PASSWORD }));
      const refs: MixedRefs = {
        facilities: db.facilities,
        positions: db.positions,
        trainings: db.trainings,
        places,
        newIds: newIds.splice(0, idsEach),
        maxId: ROWS,
        // BENCH_MIXED_ORDERS: read the lists in only these orders (default all four), e.g. newest,province.
        orders: (process.env.BENCH_MIXED_ORDERS?.split(',') ?? MIXED_ORDERS).filter((o): o is MixedOrder =>
          (MIXED_ORDERS as readonly string[]).includes(o),
        ),
        // BENCH_MIXED_PAGES: read only pages 1 to N of the lists (default all), to see what deep pages cost.
        lastPage: Math.min(
          Number(process.env.BENCH_MIXED_PAGES ?? Number.POSITIVE_INFINITY),
          Math.ceil((await count(first, readers[0]!, 'NEW')) / 15),
        ),
      };
      return mixedRun(servers, { readers, officers, validators }, refs, BASE_URL, {
        seconds: MIXED_SECONDS,
        connections: CONNECTIONS,
        writeShare: WRITE_SHARE,
      });
    };
    // Each run starts from a database at rest, as autovacuum keeps one (see autovacuum.ts).
    const ab = process.env.BENCH_MIXED_AB;
    if (ab) {
      await vacuumAsAutovacuumWould(BASE_URL);
      const vacuums = autovacuumStandIn(BASE_URL);
      await compareBuilds(BASE_URL, ab, (servers) => mixedOn(servers, 3_000));
      await vacuums.stop();
    }
    for (const instances of ab ? [] : INSTANCES) {
      const servers = Array.from({ length: instances }, () => new Server());
      for (const s of servers) await s.start(BASE_URL);
      await vacuumAsAutovacuumWould(BASE_URL);
      const vacuums = autovacuumStandIn(BASE_URL);
      const result = await mixedOn(servers);
      const ran = await vacuums.stop();
      for (const s of servers) await s.stop();
      printMixed(result);
      if (ran.length) console.log(`  autovacuum's work during the run (autovacuum is off here): ${ran.join(', ')}`);
    }
  }

  if (PARTS.has('export') && !SKIP_BIG_EXPORT) {
    const bigUrl = dbUrl('_export');
    await generate(bigUrl, ROWS, { NEW: 0, APPROVED: 1, REJECTED: 0, ARCHIVED: 0 });
    const big = new Server();
    await big.start(bigUrl);
    const t2 = await login(big);
    const n = await count(big, t2, 'APPROVED');
    const result = await timedExport(big, t2, 'APPROVED');
    await big.stop();
    console.log(
      `export of ${n.toLocaleString('en')} rows (APPROVED): ${result.seconds.toFixed(1)} s, ${(result.bytes / 1048576).toFixed(1)} MB file, server peak ${result.peakMb.toFixed(0)} MB`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  for (const s of Server.running) s.child.kill('SIGTERM');
  process.exit(1);
});
