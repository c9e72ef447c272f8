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

/**
 * This machine's single-core speed: how long 1,000,000 rounds of PBKDF2-SHA256 take, the best of
 * three (machines of this kind differ by 2x; a browser benchmark's figures scale with it).
 */
export function machineSpeed(): string {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    pbkdf2Sync('tna', 'bench', 1_000_000, 32, 'sha256');
    best = Math.min(best, performance.now() - start);
  }
  return `machine speed: 1,000,000 PBKDF2-SHA256 rounds in ${best.toFixed(0)} ms (lower is faster; bench/README.md compares machines by it)`;
}
