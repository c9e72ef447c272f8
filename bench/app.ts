// What the browser benchmarks share: the app started as `npm start` starts it, on a free port and a
// fresh data folder, and a measure of this machine's speed to print beside their figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The app as `npm start` runs it, signed-in as `admin`; or the one at `url` when given (a running
 * app, whose admin the caller names).
 */
export async function startApp(
  admin: { email: string; password: string },
  url?: string,
): Promise<{ base: string; stop: () => Promise<void> }> {
  if (url) return { base: url, stop: async () => {} };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tna-bench-app-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('The app did not start.');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's own password hash (argon2id, 19 MiB): how a sign-in spends its time. */
async function argon2Ms(): Promise<number> {
  const { hashPassword } = await import('../apps/server/dist/lib/password.js');
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await hashPassword('tna-bench');
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * How long a read from memory takes when the cache does not have it: a chase through a random cycle
 * over 64 MB (more than this kind's caches), each read's address the value of the one before.
 */
function memoryReadNs(): number {
  const n = 1 << 24;
  const next = new Int32Array(n);
  for (let i = 0; i < n; i++) next[i] = i;
  // Sattolo's shuffle: one cycle through every entry, so the chase cannot settle in a small loop.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * i);
    const t = next[i]!;
    next[i] = next[j]!;
    next[j] = t;
  }
  const reads = 5_000_000;
  let best = Number.POSITIVE_INFINITY;
  let at = 0;
  for (let round = 0; round < 2; round++) {
    const start = performance.now();
    for (let i = 0; i < reads; i++) at = next[at]!;
    best = Math.min(best, ((performance.now() - start) * 1e6) / reads);
  }
  return at < 0 ? Number.NaN : best;
}

/**
 * This machine's speed, three ways, best of a few each (machines of this kind differ by 2x or more):
 * - 1,000,000 rounds of PBKDF2-SHA256, the CPU alone;
 * - one argon2id hash as the server signs in, which reads and writes 19 MiB and so waits on memory;
 * - a read from memory past the caches.
 * On 2026-12-01 a machine was fast by PBKDF2 (185-187 ms) and by Lighthouse's own benchmark
 * (host-speed.ts), yet slow by its sign-ins (74-84 a second, argon2id) and in every browser bench, as
 * the slow machines were: the last two figures are here to find out which of them tells such a
 * machine (bench/README.md, 2026-12-01).
 */
export async function machineSpeed(): Promise<string> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    pbkdf2Sync('tna', 'bench', 1_000_000, 32, 'sha256');
    best = Math.min(best, performance.now() - start);
  }
  const argon2 = await argon2Ms();
  const memory = memoryReadNs();
  return `machine speed: 1,000,000 PBKDF2-SHA256 rounds in ${best.toFixed(0)} ms, one argon2id hash in ${argon2.toFixed(1)} ms, a read from memory in ${memory.toFixed(0)} ns (lower is faster; bench/README.md compares machines by them)`;
}
