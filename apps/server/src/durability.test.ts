import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// These tests run the built server as a real process on a PGlite folder: they are about PGlite.
const runs = process.env.TEST_DB_KIND !== 'postgres';
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const serverJs = path.join(serverDir, 'dist/server.js');
const ADMIN = { email: 'admin@tna.test', password: 'durable-admin-1' };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverJs], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, port, output: () => out, exited };
}

async function waitHealthy(s: Running): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
      if (res.ok) return;
    } catch {}
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy: ${s.output()}`);
}

async function api(s: Running, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${s.port}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' documented fields as it goes
  const json: any = await res.json().catch(() => null);
  return { status: res.status, json };
}

async function login(s: Running): Promise<string> {
  const res = await api(s, 'POST', '/api/login', ADMIN);
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return res.json.success.token;
}

describe.runIf(runs)('the embedded database survives', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const newDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'tna-durable-'));
    dirs.push(d);
    return d;
  };
  const launch = async (dir: string) => {
    const s = await start(dir);
    children.push(s.child);
    return s;
  };

  beforeAll(() => {
    if (!existsSync(serverJs)) throw new Error('Build the server first (npm run build -w @tna/server).');
  });
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('SIGKILL during writes: the folder opens again with every acknowledged write', async () => {
    const dir = newDir();
    const acknowledged: string[] = [];
    for (let round = 0; round < 3; round++) {
      const s = await launch(dir);
      await waitHealthy(s);
      const token = await login(s);
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const email = `r${round}w${w}n${i}@tna.test`;
          const body = {
            name: `Writer ${w} ${i}`,
            email,
            password: 'durable-pass',
            c_password: 'durable-pass',
            role: 'dataentry',
          };
          try {
            const res = await api(s, 'POST', '/api/users/register', body, token);
            if (res.status === 200) acknowledged.push(email);
          } catch {
            return; // the connection died with the process: not acknowledged
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await new Promise((r) => setTimeout(r, 1500 + round * 300));
      s.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await s.exited;
    }
    expect(acknowledged.length).toBeGreaterThan(10);

    const s = await launch(dir);
    await waitHealthy(s);
    const token = await login(s);
    const list = await api(s, 'GET', '/api/users', undefined, token);
    const emails = new Set(list.json.data.map((u: { email: string }) => u.email));
    const missing = acknowledged.filter((e) => !emails.has(e));
    expect(missing).toEqual([]);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 120_000);

  it('a second process on the same DATA_DIR refuses to start; SIGTERM closes cleanly and frees it', async () => {
    const dir = newDir();
    const first = await launch(dir);
    await waitHealthy(first);
    const second = await launch(dir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dir} is in use by another TNA server process (pid ${first.child.pid})`,
    );
    // The first one still works.
    await login(first);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    const third = await launch(dir);
    await waitHealthy(third);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('npm run backup copies a running database and npm run restore brings it back', async () => {
    const dir = newDir();
    const backup = path.join(dir, 'copy.tar.gz');
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dir };
    const s = await launch(dir);
    await waitHealthy(s);
    const token = await login(s);
    const before = {
      name: 'Before Backup',
      email: 'before@tna.test',
      password: 'durable-pass',
      c_password: 'durable-pass',
      role: 'validator',
    };
    expect((await api(s, 'POST', '/api/users/register', before, token)).status).toBe(200);
    const out = await run(process.execPath, [path.join(serverDir, 'dist/cli/backup.js'), backup], { env });
    expect(out.stdout).toContain('Backup written by the running server');
    const after = { ...before, name: 'After Backup', email: 'after@tna.test' };
    expect((await api(s, 'POST', '/api/users/register', after, token)).status).toBe(200);

    // Restoring while the server runs is refused.
    await expect(run(process.execPath, [path.join(serverDir, 'dist/cli/restore.js'), backup], { env })).rejects.toThrow(
      /Stop the server before restoring/,
    );
    s.child.kill('SIGTERM');
    await s.exited;
    const restored = await run(process.execPath, [path.join(serverDir, 'dist/cli/restore.js'), backup], { env });
    expect(restored.stdout).toContain('Restored');

    const again = await launch(dir);
    await waitHealthy(again);
    const t2 = await login(again);
    const emails = (await api(again, 'GET', '/api/users', undefined, t2)).json.data.map(
      (u: { email: string }) => u.email,
    );
    expect(emails).toContain('before@tna.test');
    expect(emails).not.toContain('after@tna.test');
    again.child.kill('SIGTERM');
    await again.exited;
  }, 90_000);

  it('SIGTERM with a request in flight: it is answered from the database, then the process exits', async () => {
    const s = await launch(newDir());
    await waitHealthy(s);
    const body = JSON.stringify(ADMIN);
    const socket = connect(s.port, '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (d) => (answer += d));
    const ended = once(socket, 'close');
    // The headers and part of the body: the sign-in is under way when the signal comes, and its
    // handler reads the database only after the rest arrives.
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    s.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 700));
    expect(s.child.exitCode, 'the server waits for the request in flight').toBeNull();
    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');
    expect(await s.exited).toBe(0);
    // A new connection is refused meanwhile and after: the port is closed.
    await expect(fetch(`http://127.0.0.1:${s.port}/api/health`)).rejects.toThrow();
  }, 60_000);
});
