// npm run bench: fill PostgreSQL with N assessments (default 1,000,000), start the server on it, and
// measure the calls of the review workflow under load from this machine (127.0.0.1 only, bounded in
// time). Prints p50/p95/p99 latency and requests a second per call, the export times and the
// server's peak memory. Not part of npm test.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSESSMENT_SORTS } from '@tna/domain';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/lib.mjs';
import { BENCH_ADMIN, BENCH_USER_PASSWORD, generate } from './generate.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tna_bench';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SKIP_BIG_EXPORT = process.env.BENCH_SKIP_BIG_EXPORT === '1';

function dbUrl(suffix: string): string {
  const u = new URL(BASE_URL);
  u.pathname = `${u.pathname}${suffix}`;
  return u.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The server as a child process, with its resident memory sampled every 50 ms. */
class Server {
  child!: ChildProcess;
  base = '';
  peakRss = 0;
  private timer?: NodeJS.Timeout;

  async start(databaseUrl: string): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.js'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${this.base}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    this.timer = setInterval(() => {
      this.peakRss = Math.max(this.peakRss, this.rss());
    }, 50);
  }

  rss(): number {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  }

  resetPeak(): void {
    this.peakRss = this.rss();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.child.kill('SIGTERM');
    await new Promise((r) => this.child.once('exit', r));
  }
}

interface Row {
  call: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One closed-loop load run; latencies of every response are kept to compute exact percentiles. */
async function load(
  server: Server,
  call: string,
  opts: {
    method?: 'GET' | 'POST';
    path: string | (() => string);
    body?: string | (() => string);
    token?: string;
    connections?: number;
  },
): Promise<Row> {
  const times: number[] = [];
  let errors = 0;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const pathOf = typeof opts.path === 'function' ? opts.path : () => opts.path as string;
  const bodyOf = typeof opts.body === 'function' ? opts.body : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.base,
        connections: opts.connections ?? CONNECTIONS,
        duration: DURATION,
        requests: [
          {
            method: opts.method ?? 'GET',
            headers,
            ...(typeof opts.body === 'string' ? { body: opts.body } : {}),
            setupRequest: (req) => ({ ...req, path: pathOf(), ...(bodyOf ? { body: bodyOf() } : {}) }),
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, time: number) => {
      times.push(time);
      if (statusCode >= 400) errors++;
    });
  });
  times.sort((a, b) => a - b);
  return {
    call,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round(result.requests.average),
    errors: errors + result.errors + result.non2xx - Math.min(errors, result.non2xx),
  };
}

async function login(server: Server, account = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await res.json()) as { success: { token: string } }).success.token;
}

async function timedExport(
  server: Server,
  token: string,
  status: string,
): Promise<{ seconds: number; bytes: number; peakMb: number }> {
  server.resetPeak();
  const started = performance.now();
  // node:http, as lean a client as curl: undici's web streams took a second of this 2-core machine's
  // time away from the server over a 100,000-row export.
  const bytes = await new Promise<number>((resolve, reject) => {
    const req = http.get(
      `${server.base}/api/tnas/export/${status}`,
      { headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on('end', () => resolve(n));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  return { seconds: (performance.now() - started) / 1000, bytes, peakMb: server.peakRss / 1048576 };
}

async function count(server: Server, token: string, status: string): Promise<number> {
  const res = await fetch(`${server.base}/api/tnas/bystatus/${status}?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { total: number } }).data.total;
}

const fmt = (n: number) => n.toFixed(1).padStart(7);

async function main() {
  console.log(
    `TNA benchmark: ${ROWS.toLocaleString('en')} assessments on ${BASE_URL.replace(/:[^:@/]*@/, '@')}, ${CONNECTIONS} connections, ${DURATION} s a call`,
  );
  await generate(BASE_URL, ROWS, { NEW: 0.45, APPROVED: 0.35, REJECTED: 0.1, ARCHIVED: 0.1 });

  const server = new Server();
  await server.start(BASE_URL);
  const token = await login(server);
  const maxId = ROWS;
  const randomId = () => 1 + Math.floor(Math.random() * maxId);
  const provinceRes = await fetch(`${server.base}/api/provinces`, { headers: { authorization: `Bearer ${token}` } });
  type Unit = { id: number; code: string };
  const kabul = ((await provinceRes.json()) as { data: Unit[] }).data.find((p) => p.code === 'AF01')!;
  const districtRes = await fetch(`${server.base}/api/provinces/districts/${kabul.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const districts = ((await districtRes.json()) as { data: Unit[] }).data;
  const search = JSON.stringify({ province: kabul.id, district: districts[0]!.id, status: 'NEW' });
  // Every district of the country, for searches that no cache can answer.
  const places: { province: number; district: number }[] = [];
  const allProvinces = (await (
    await fetch(`${server.base}/api/provinces`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: Unit[];
  };
  for (const p of allProvinces.data) {
    const res = await fetch(`${server.base}/api/provinces/districts/${p.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    for (const d of ((await res.json()) as { data: Unit[] }).data) places.push({ province: p.id, district: d.id });
  }
  const newTotal = await count(server, token, 'NEW');
  const lastPage = Math.ceil(newTotal / 15);

  const rows: Row[] = [];
  rows.push(
    await load(server, 'POST /api/login', { method: 'POST', path: '/api/login', body: JSON.stringify(BENCH_ADMIN) }),
  );
  rows.push(
    await load(server, 'GET /api/tnas/bystaffid/{id}', { path: () => `/api/tnas/bystaffid/${randomId()}`, token }),
  );
  rows.push(await load(server, 'GET /api/tnas/bystatus/NEW page 1', { path: '/api/tnas/bystatus/NEW?page=1', token }));
  rows.push(
    await load(server, 'GET /api/tnas/bystatus/NEW page 5000', { path: '/api/tnas/bystatus/NEW?page=5000', token }),
  );
  // The lists keep pages in memory until the data changes; these two ask for pages at random, so
  // nearly every request reads the database.
  rows.push(
    await load(server, 'GET /api/tnas/bystatus/NEW random page (uncached)', {
      path: () => `/api/tnas/bystatus/NEW?page=${1 + Math.floor(Math.random() * lastPage)}`,
      token,
    }),
  );
  rows.push(
    await load(server, 'GET /api/tnas/bystatus/NEW sorted by name, random page 1-3000 (uncached)', {
      path: () =>
        `/api/tnas/bystatus/NEW?sort=name&direction=${Math.random() < 0.5 ? 'asc' : 'desc'}&page=${1 + Math.floor(Math.random() * 3000)}`,
      token,
    }),
  );
  const pick = <T>(from: readonly T[]): T => from[Math.floor(Math.random() * from.length)]!;
  rows.push(
    await load(server, 'GET NEW sorted by province, district or facility name, random page (uncached)', {
      path: () =>
        `/api/tnas/bystatus/NEW?sort=${pick(['province', 'district', 'health_facility'])}&direction=${pick(['asc', 'desc'])}&lang=${pick(['en', 'fa', 'ps'])}&page=${1 + Math.floor(Math.random() * lastPage)}`,
      token,
    }),
  );
  // My Assessments of one data-entry officer (the generator spreads the forms over 60 of them).
  const officer = await login(server, { email: 'entry1@bench.test', password: BENCH_USER_PASSWORD });
  const mine = await fetch(`${server.base}/api/tnas/myforms/NEW`, { headers: { authorization: `Bearer ${officer}` } });
  const myPages = ((await mine.json()) as { data: { last_page: number } }).data.last_page;
  rows.push(
    await load(server, `GET /api/tnas/myforms/NEW random page (one officer's ${myPages.toLocaleString('en')} pages)`, {
      path: () => `/api/tnas/myforms/NEW?page=${1 + Math.floor(Math.random() * myPages)}`,
      token: officer,
    }),
  );
  rows.push(
    await load(server, 'POST /api/tnas/search random district+page (uncached)', {
      method: 'POST',
      path: () => `/api/tnas/search?page=${1 + Math.floor(Math.random() * 5)}`,
      body: () => JSON.stringify({ ...places[Math.floor(Math.random() * places.length)]!, status: 'NEW' }),
      token,
    }),
  );
  // A search of a province sorted by any of the sortable headers (SPEC 9), at random pages 1-200.
  const provinceIds = [...new Set(places.map((p) => p.province))];
  const headers = ASSESSMENT_SORTS.filter((sort) => sort !== 'created_at');
  rows.push(
    await load(server, 'POST /api/tnas/search random province, sorted by any header, page 1-200 (uncached)', {
      method: 'POST',
      path: () =>
        `/api/tnas/search?sort=${pick(headers)}&direction=${pick(['asc', 'desc'])}&page=${1 + Math.floor(Math.random() * 200)}`,
      body: () => JSON.stringify({ province: pick(provinceIds), status: 'NEW' }),
      token,
    }),
  );
  rows.push(
    await load(server, 'POST /api/tnas/search province+district', {
      method: 'POST',
      path: '/api/tnas/search',
      body: search,
      token,
    }),
  );
  rows.push(
    await load(server, 'GET /api/tnas/histories/bystaffid/{id}', {
      path: () => `/api/tnas/histories/bystaffid/${randomId()}`,
      token,
    }),
  );
  // The dashboard's three figures (issue 6: at most 50 ms p95 each).
  for (const figure of ['status', 'byprovince', 'bydepartment']) {
    rows.push(await load(server, `GET /api/tnas/${figure}/figures`, { path: `/api/tnas/${figure}/figures`, token }));
  }
  const listPeak = server.peakRss / 1048576;

  const rejected = await count(server, token, 'REJECTED');
  // The first export after the server started also compiles its code paths; a running server has
  // done that long before, so the second is what users see. Both are printed.
  const small = await timedExport(server, token, 'REJECTED');
  const warm = await timedExport(server, token, 'REJECTED');
  await server.stop();

  console.log('\n| call | p50 ms | p95 ms | p99 ms | req/s | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.call} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${String(r.rps).padStart(6)} | ${r.errors} |`,
    );
  console.log(`\nserver peak memory during the load runs: ${listPeak.toFixed(0)} MB`);
  console.log(
    `export of ${rejected.toLocaleString('en')} rows (REJECTED): ${small.seconds.toFixed(1)} s the first time after start, ${warm.seconds.toFixed(1)} s the second, ${(warm.bytes / 1048576).toFixed(1)} MB file, server peak ${Math.max(small.peakMb, warm.peakMb).toFixed(0)} MB`,
  );

  if (!SKIP_BIG_EXPORT) {
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
  process.exit(1);
});
