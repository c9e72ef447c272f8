// `node bench/big-bodies.mjs`: what oversized request bodies do to a running server (issue 11).
// Starts the built server (as `npm start` does, with its Node flags) on an empty PGlite folder, then
// sends three 100 MB multipart posts at once, twice: with a Content-Length to
// /api/tnas/changestatus as an internal viewer, and streamed without one (chunked) to /api/tnas as
// an admin. Meanwhile it asks /api/health every 100 ms and samples the server's resident memory
// from /proc every 50 ms. It prints the answers, how much of each body was sent before the server
// closed the connection, the health checks, and the memory before, at peak and after.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZE = Number(process.env.BIG_BODY_MB ?? 100) * 1024 * 1024;
const PARALLEL = 3;
const ADMIN = { email: 'admin@tna.test', password: 'big-bodies-admin-1' };

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tna-big-bodies-'));
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (const deadline = Date.now() + 120_000; ; ) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (server.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

async function call(url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}
const adminToken = (await call('/api/login', ADMIN)).success.token;
const viewer = { email: 'viewer@tna.test', password: 'viewer-pass-1' };
await call(
  '/api/users/register',
  { name: 'Viewer', ...viewer, c_password: viewer.password, role: 'internal_viewer' },
  adminToken,
);
const viewerToken = (await call('/api/login', viewer)).success.token;

const rssMb = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

/** One big multipart post, written as fast as the server reads it; never held whole in this process. */
function bigPost(url, token, declared) {
  const boundary = 'big-body';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="remarks"\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(256 * 1024, 'x');
  const started = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answer = null;
    const req = http.request(`${base}${url}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(declared ? { 'content-length': String(SIZE) } : {}),
      },
    });
    const done = (error) =>
      resolve({
        status: answer?.status ?? `no answer (${error?.code ?? error})`,
        code: answer?.code,
        ms: Math.round(performance.now() - started),
        sentMb: +(sent / 1024 / 1024).toFixed(1),
      });
    req.on('response', async (res) => {
      let text = '';
      for await (const part of res) text += part;
      answer = { status: res.statusCode, code: JSON.parse(text || '{}').code };
      req.destroy();
      done();
    });
    req.on('error', (error) => {
      if (!answer) setTimeout(() => (answer ? null : done(error)), 1000);
    });
    // Like a client that sends `Expect: 100-continue`: the headers first, and a moment to be told no.
    const writable = () =>
      new Promise((ready) => {
        const go = () => {
          req.off('drain', go);
          req.off('close', go);
          ready();
        };
        req.once('drain', go);
        req.once('close', go);
      });
    (async () => {
      try {
        req.flushHeaders();
        await new Promise((r) => setTimeout(r, 300));
        if (answer) return;
        req.write(head);
        sent += head.length;
        while (sent < SIZE - tail.length && !answer && !req.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, SIZE - tail.length - sent));
          sent += piece.length;
          if (!req.write(piece)) await writable();
        }
        if (!answer && !req.destroyed) req.end(tail);
      } catch {}
    })();
  });
}

async function round(label, url, token, declared) {
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb()), 50);
  const before = rssMb();
  const health = { ok: 0, failed: 0, maxMs: 0 };
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
        if (res.ok) health.ok++;
        else health.failed++;
      } catch {
        health.failed++;
      }
      health.maxMs = Math.max(health.maxMs, Math.round(performance.now() - t0));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const results = await Promise.all(Array.from({ length: PARALLEL }, () => bigPost(url, token, declared)));
  await new Promise((r) => setTimeout(r, 1000));
  polling = false;
  await poll;
  clearInterval(sampler);
  const after = rssMb();
  console.log(`\n${label}`);
  for (const r of results) console.log(`  answer ${r.status} ${r.code ?? ''} after ${r.ms} ms, ${r.sentMb} MB sent`);
  console.log(`  /api/health meanwhile: ${health.ok} ok, ${health.failed} failed, slowest ${health.maxMs} ms`);
  console.log(
    `  server memory (RSS): ${before.toFixed(0)} MB before, ${Math.max(...samples, before).toFixed(0)} MB at peak, ${after.toFixed(0)} MB after`,
  );
}

console.log(`${PARALLEL} parallel multipart posts of ${SIZE / 1024 / 1024} MB each, to ${base}`);
await round(
  'With Content-Length, to /api/tnas/changestatus as an internal viewer:',
  '/api/tnas/changestatus',
  viewerToken,
  true,
);
await round('Streamed without Content-Length (chunked), to /api/tnas as an admin:', '/api/tnas', adminToken, false);
const final = await fetch(`${base}/api/health`);
console.log(
  `\nAfterwards /api/health answers ${final.status}; the server process is ${server.exitCode === null ? 'running' : 'gone'}.`,
);
process.exit(0);
