import { readFileSync } from 'node:fs';
import type { Role } from '@tna/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { TEST_ADMIN } from './constants.js';
import { adminUrl, withDatabaseName } from './pg-url.js';

export { TEST_ADMIN };

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Bearer token of the seeded admin. */
  adminToken: string;
  login(email: string, password: string): Promise<string>;
  /** Create a user of a role through the API and sign them in. */
  userWithRole(role: Role, name?: string): Promise<{ id: number; email: string; password: string; token: string }>;
  request: Requester;
  /**
   * Another server instance on the same database, with its own connections and caches (on PGlite,
   * which one process owns, another app on the same database).
   */
  secondInstance(options?: { heartbeatMs?: number }): Promise<{ request: Requester; database: Database }>;
  /** The PostgreSQL database's address (undefined on PGlite). */
  url: string | undefined;
}

type Requester = (
  method: string,
  url: string,
  options?: { token?: string | null; body?: unknown; headers?: Record<string, string> },
) => Promise<LightMyRequestResponse>;

function requester(app: FastifyInstance): Requester {
  return (method, url, options = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
}

let counter = 0;

// Everything a test file opened is closed and dropped after its tests, including apps that a test
// builds for itself (afterAll cannot be registered from inside a test).
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// Every answer of every API test is checked against the OpenAPI document (plugins/openapi.ts): a
// status or shape it does not describe fails the file, even where the test expected a failure anyway.
const undocumented: string[] = [];
const checkResponses = (problem: string) => {
  console.error(`OpenAPI check: ${problem}`);
  undocumented.push(problem);
};
afterAll(() => {
  expect([...new Set(undocumented.splice(0))]).toEqual([]);
});

async function freshDatabase(
  pgliteDataDir?: string,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND === 'postgres' && !pgliteDataDir) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tna_test_${process.pid}_${Date.now()}_${counter++}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = withDatabaseName(base, name);
    const database = await openDatabase({ kind: 'postgres', url, max: 10 });
    return {
      database,
      url,
      drop: async () => {
        await database.close().catch(() => {});
        const c = new pg.Client({ connectionString: adminUrl(base) });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const tarball = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const database = await openDatabase({
    kind: 'pglite',
    loadDataDir: tarball,
    ...(pgliteDataDir ? { dataDir: pgliteDataDir } : {}),
  });
  return { database, drop: () => database.close() };
}

/**
 * A fresh, migrated and seeded database and the real app built on it, for one test file. The
 * database is dropped after the file's tests. With `pgliteDataDir` it is a PGlite in that folder,
 * whatever database the suite runs on (for the tools that work on a data folder).
 */
export async function setupTestApp(
  env: Record<string, string> = {},
  build: Pick<BuildAppOptions, 'logger'> & { pgliteDataDir?: string } = {},
): Promise<TestContext> {
  const { database, url, drop } = await freshDatabase(build.pgliteDataDir);
  const config = loadConfig({ SESSION_TTL: '1h', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, serveWeb: false, checkResponses, logger: build.logger });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await drop();
  });

  const request = requester(app);
  const secondInstance = async (options: { heartbeatMs?: number } = {}) => {
    const other = url ? await openDatabase({ kind: 'postgres', url, max: 4, ...options }) : database;
    const second = await buildApp({ config, database: other, serveWeb: false, checkResponses });
    await second.ready();
    cleanups.push(async () => {
      await second.close();
      if (other !== database) await other.close();
    });
    return { request: requester(second), database: other };
  };

  const login = async (email: string, password: string) => {
    const res = await request('POST', '/api/login', { body: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res.json().success.token as string;
  };
  const adminToken = await login(TEST_ADMIN.email, TEST_ADMIN.password);

  let n = 0;
  const userWithRole: TestContext['userWithRole'] = async (role, name) => {
    n += 1;
    const email = `${role.replace('_', '.')}${n}@tna.test`;
    const password = `password-${n}-x`;
    const res = await request('POST', '/api/users/register', {
      token: adminToken,
      body: { name: name ?? `Test ${role} ${n}`, email, password, c_password: password, role },
    });
    if (res.statusCode !== 200) throw new Error(`could not create ${role}: ${res.body}`);
    return { id: res.json().success.id, email, password, token: await login(email, password) };
  };

  return { app, database, config, adminToken, login, userWithRole, request, secondInstance, url };
}

/** Ask until `check` holds (a change reaches another server instance a moment after its commit). */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
