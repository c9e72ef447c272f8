import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../test/assessment-fixtures.js';
import { setupTestApp, TEST_ADMIN } from '../test/helpers.js';
import { adminUrl, withDatabaseName } from '../test/pg-url.js';
import { pgliteDir } from './data-dir.js';

// The move reads a PGlite folder and writes to a PostgreSQL server: it needs TEST_DATABASE_URL, and
// runs once (in the PGlite project), with the built command as an operator runs it.
const base = process.env.TEST_DATABASE_URL;
const runs = process.env.TEST_DB_KIND !== 'postgres' && !!base;
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const FORMS = 4_000;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** `npm run move-to-postgres -- <url>` for this data folder: its exit code and what it printed. */
async function move(dataDir: string, url: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(serverDir, 'dist/cli/move-to-postgres.js'), url],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 240_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

interface Snapshot {
  users: { email: string; roles: string[] }[];
  forms: Record<string, number[]>;
  audit: { total: number; first: unknown[] };
  figures: unknown;
  priorities: unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read as a client reads JSON
type Ask = (method: string, url: string, token?: string, body?: unknown) => Promise<{ status: number; json: any }>;

/** What a client sees: users, every form id of every status, the audit trail, the dashboard. */
async function snapshot(ask: Ask, token: string, someForm: number): Promise<Snapshot> {
  const users = (await ask('GET', '/api/users', token)).json.data.map(
    (u: { email: string; roles: { name: string }[] }) => ({
      email: u.email,
      roles: u.roles.map((r) => r.name),
    }),
  );
  const forms: Record<string, number[]> = {};
  for (const status of ['NEW', 'APPROVED', 'REJECTED', 'ARCHIVED']) {
    const rows = (await ask('GET', `/api/tnas/all/bystatus/${status}`, token)).json.data as { id: number }[];
    forms[status] = rows.map((r) => r.id).sort((a, b) => a - b);
  }
  const log = (await ask('GET', '/api/logs/user-logs?per_page=100', token)).json.data;
  return {
    users,
    forms,
    audit: { total: log.total, first: log.data },
    figures: (await ask('GET', '/api/tnas/status/figures', token)).json.data,
    priorities: (await ask('GET', `/api/tnas/priorities/bystaffid/${someForm}`, token)).json.data,
  };
}

describe.runIf(runs)('npm run move-to-postgres', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tna-move-'));
  const targetName = `tna_move_${process.pid}_${Date.now()}`;
  const target = withDatabaseName(base ?? 'postgres://x/y', targetName);
  let server: ChildProcess | undefined;
  afterAll(async () => {
    server?.kill('SIGTERM');
    const admin = new pg.Client({ connectionString: adminUrl(base!) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('moves a folder with thousands of forms: the server on PostgreSQL has every form, user and audit entry, and the passwords work', async () => {
    // A data folder as a server leaves it: users of each role, thousands of forms, reviews.
    const t = await setupTestApp({}, { pgliteDataDir: pgliteDir(dataDir) });
    const people = [await t.userWithRole('validator'), await t.userWithRole('internal_viewer')];
    await seedAssessments(t, FORMS, { name: 'Moved' }, 3);
    const ask: Ask = async (method, url, token, body) => {
      const res = await t.request(method, url, { token: token ?? null, body });
      return { status: res.statusCode, json: res.body ? res.json() : null };
    };
    const all = (await ask('GET', '/api/tnas/all/bystatus/NEW', t.adminToken)).json.data as { id: number }[];
    for (const [i, form] of all.slice(0, 20).entries()) {
      const status = i % 2 ? 'APPROVED' : 'REJECTED';
      const res = await ask('POST', '/api/tnas/changestatus', people[0]!.token, {
        staff_id: form.id,
        status,
        remarks: 'Checked',
      });
      expect(res.status).toBe(200);
    }
    const someForm = all[0]!.id;
    const before = await snapshot(ask, t.adminToken, someForm);
    expect(Object.values(before.forms).flat()).toHaveLength(FORMS);
    await t.app.close();
    await t.database.close();

    const admin = new pg.Client({ connectionString: adminUrl(base!) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${targetName}`);
    await admin.end();
    const moved = await move(dataDir, target);
    expect(moved.output).toContain('Verified, table by table');
    expect(moved.code).toBe(0);
    expect(moved.output).toMatch(/assessments\s+4000\s/);

    // The server, started on the target, answers as the embedded one did.
    const port = await freePort();
    server = spawn(process.execPath, [path.join(serverDir, 'dist/server.js')], {
      env: { ...process.env, DATABASE_URL: target, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error('the server on PostgreSQL did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const remote: Ask = async (method, path, token, body) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    };
    const signIn = async (email: string, password: string) => {
      const res = await remote('POST', '/api/login', undefined, { email, password });
      expect(res.status, email).toBe(200);
      return res.json.success.token as string;
    };
    const token = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    for (const p of people) await signIn(p.email, p.password);
    expect(
      (await remote('POST', '/api/login', undefined, { email: people[0]!.email, password: 'wrong-pass-1' })).status,
    ).toBe(401);
    expect(await snapshot(remote, token, someForm)).toEqual(before);

    // Ids go on after the moved ones: a new form does not collide with a moved one.
    const max = Math.max(...Object.values(before.forms).flat());
    const details = (await remote('GET', `/api/tnas/bystaffid/${someForm}`, token)).json.data;
    const lines = (
      before.priorities as { department: { id: number }; training: { id: number }; priority: number }[]
    ).map((l) => ({
      department: l.department.id,
      training: l.training.id,
      priority: l.priority,
    }));
    const created = await remote('POST', '/api/tnas', token, {
      data: { ...details, id: undefined, form_no: 'AFTER-MOVE', hospital: details.hospital_id },
      priorities: lines,
    });
    expect(created.status).toBe(200);
    expect(created.json.success.id).toBeGreaterThan(max);

    // A second move into the same database is refused, and changes nothing.
    const again = await move(dataDir, target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds data');
    expect((await remote('GET', '/api/tnas/status/figures', token)).json.data).toContainEqual({
      status: 'NEW',
      total: FORMS - 20 + 1,
    });
  }, 300_000);
});
