// What the benchmarks share: the server as a child process with its memory sampled, closed-loop load
// runs with exact percentiles, and sign-in.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../scripts/lib.mjs';
import { BENCH_ADMIN } from './generate.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The server as a child process, with its resident memory sampled every 50 ms. */
export class Server {
  /** Every server started and not yet stopped, so that a failed run leaves none behind. */
  static running = new Set<Server>();
  child!: ChildProcess;
  base = '';
  peakRss = 0;
  private timer?: NodeJS.Timeout;
  /** Where event-loop-probe.mjs writes the server's event loop, a line a second. */
  private eventLoopFile = '';

  async start(
    databaseUrl: string,
    env: Record<string, string> = {},
    // BENCH_SERVER_SCRIPT: another build of the server (a copy of apps/server/dist beside it), to
    // compare two builds in one run.
    script = process.env.BENCH_SERVER_SCRIPT ?? 'apps/server/dist/server.js',
  ): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    // BENCH_SERVER_FLAGS: more Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
    // to see where its time goes under a load (NODE_OPTIONS refuses --cpu-prof).
    const extra = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
    this.eventLoopFile = path.join(tmpdir(), `tna-bench-event-loop-${port}.jsonl`);
    rmSync(this.eventLoopFile, { force: true });
    const probe = ['--import', path.join(here, 'event-loop-probe.mjs')];
    this.child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...probe, ...extra, script], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        // The sign-in limits count per client address (plugins/security.ts, auth.service.ts); behind a
        // proxy that address is X-Forwarded-For's, so the bench gives every request its own.
        TRUST_PROXY: '1',
        BENCH_EVENT_LOOP_FILE: this.eventLoopFile,
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    Server.running.add(this);
    // Up to two minutes: at the first start on a database of a million forms, migrations run (and on
    // a machine shared with other work, everything is slower).
    for (let i = 0; i < 1200; i++) {
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

  /**
   * The server's event loop between two times (ms since the epoch), from event-loop-probe.mjs's
   * lines: the share of the time its thread was busy, and how late its timers ran (the median
   * second's p50 and p99, the worst second's max), or undefined if fewer than two lines fell in it.
   */
  eventLoop(from: number, to: number): EventLoop | undefined {
    type Line = { t: number; idle: number; active: number; ran?: number; waited?: number; p50: number; p99: number };
    let lines: (Line & { max: number })[];
    try {
      lines = readFileSync(this.eventLoopFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
        .filter((l) => l.t >= from && l.t <= to);
    } catch {
      return undefined;
    }
    if (lines.length < 2) return undefined;
    const first = lines[0]!;
    const last = lines.at(-1)!;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const seconds = lines.slice(1);
    const wallMs = last.active + last.idle - first.active - first.idle;
    const share = (k: 'ran' | 'waited') =>
      last[k] === undefined || first[k] === undefined ? undefined : (last[k] - first[k]) / 1e6 / wallMs;
    return {
      busy: (last.active - first.active) / wallMs,
      onCpu: share('ran'),
      waitingForCpu: share('waited'),
      lateP50: median(seconds.map((l) => l.p50)),
      lateP99: median(seconds.map((l) => l.p99)),
      lateMax: Math.max(...seconds.map((l) => l.max)),
    };
  }

  resetPeak(): void {
    this.peakRss = this.rss();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    Server.running.delete(this);
    this.child.kill('SIGTERM');
    await new Promise((r) => this.child.once('exit', r));
  }
}

/** A server's event loop over a run (see Server.eventLoop). */
export interface EventLoop {
  /** The share of the time its thread was busy, 0-1. */
  busy: number;
  /** The share of the time the thread ran on a core, and waited in a run queue for one (Linux). */
  onCpu: number | undefined;
  waitingForCpu: number | undefined;
  /** How late its timers ran, ms: the median second's p50 and p99, and the worst second's max. */
  lateP50: number;
  lateP99: number;
  lateMax: number;
}

/** An event loop over a run, as the bench prints it. */
export function eventLoopText(l: EventLoop | undefined): string {
  if (!l) return 'not measured';
  const pct = (x: number | undefined) => (x === undefined ? '?' : `${(x * 100).toFixed(0)} %`);
  const sched = `on a core ${pct(l.onCpu)}, waiting for one ${pct(l.waitingForCpu)}`;
  return `busy ${pct(l.busy)} (${sched}), timers late p50 ${l.lateP50} / p99 ${l.lateP99} / max ${l.lateMax} ms`;
}

export interface Row {
  call: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  /** The error answers by status, e.g. "429×12", so that an error count says what it was. */
  codes: string;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One closed-loop load run; latencies of every response are kept to compute exact percentiles. */
let addresses = 0;
/** A client address not used before (10.x.y.z), for X-Forwarded-For: each sign-in its own limit. */
export function nextAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/**
 * BENCH_ACCEPT_ENCODING="gzip, deflate, br, zstd" asks as Chromium does, so that answers come
 * compressed (plugins/compression.ts) and the run counts what that costs the server; unset, the
 * calls ask as a plain client does.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

export async function load(
  server: Server,
  call: string,
  opts: {
    method?: 'GET' | 'POST';
    path: string | (() => string);
    body?: string | (() => string);
    token?: string;
    connections?: number;
    duration?: number;
  },
): Promise<Row> {
  const times: number[] = [];
  let errors = 0;
  const codes = new Map<number, number>();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const pathOf = typeof opts.path === 'function' ? opts.path : () => opts.path as string;
  const bodyOf = typeof opts.body === 'function' ? opts.body : undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.base,
        connections: opts.connections ?? CONNECTIONS,
        duration: opts.duration ?? DURATION,
        requests: [
          {
            method: opts.method ?? 'GET',
            headers,
            ...(typeof opts.body === 'string' ? { body: opts.body } : {}),
            setupRequest: (req) => ({
              ...req,
              path: pathOf(),
              ...(bodyOf ? { body: bodyOf() } : {}),
              headers: { ...req.headers, 'x-forwarded-for': nextAddress() },
            }),
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, time: number) => {
      times.push(time);
      if (statusCode >= 400) {
        errors++;
        codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1);
      }
    });
  });
  times.sort((a, b) => a - b);
  return {
    call,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: Math.round(times.length / (opts.duration ?? DURATION)),
    errors: errors + result.errors + result.non2xx - Math.min(errors, result.non2xx),
    codes: [...codes].map(([code, n]) => `${code}×${n}`).join(' '),
  };
}

export async function login(server: Server, account = BENCH_ADMIN): Promise<string> {
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { success: { token: string } }).success.token;
}

export async function timedExport(
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

export async function count(server: Server, token: string, status: string): Promise<number> {
  const res = await fetch(`${server.base}/api/tnas/bystatus/${status}?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { total: number } }).data.total;
}

/** A GET of the API as the holder of `token`, its JSON answer. */
export async function getJson<T>(server: Server, path: string, token: string): Promise<T> {
  const res = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}
