import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicUrlWarning } from '../config.js';
import { errorLogs } from '../db/schema/index.js';
import { loggerOptions } from '../lib/logger.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import securityPlugin, { contentSecurityPolicy, PUBLIC_RATE_LIMITS, useContentSecurityPolicy } from './security.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp({ ANALYTICS_EMBED_URL: 'https://analytics.example.org/public/dashboard/abc?x=1' });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and helmet headers on every answer', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/somewhere']) {
      const res = await t.request('GET', url);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain('frame-src https://analytics.example.org;');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('lets a scope give the routes a plugin adds a policy of their own', async () => {
    const app = Fastify();
    await app.register(securityPlugin, { config: t.config });
    await app.register(async (docs) => {
      useContentSecurityPolicy(docs, contentSecurityPolicy(t.config, { 'script-src': ["'self'", "'sha256-abc='"] }));
      docs.get('/api/docs', async () => 'docs');
    });
    app.get('/api/other', async () => 'other');
    const docs = await app.inject({ url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const other = await app.inject({ url: '/api/other' });
    expect(other.headers['content-security-policy']).toContain("script-src 'self';");
    await app.close();
  });

  it('frames nothing when no analytics address is configured', async () => {
    const plain = await setupTestApp();
    const res = await plain.request('GET', '/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-src 'none'");
  });

  it('marks API answers no-store, personal ones included', async () => {
    for (const url of ['/api/details', '/api/users', '/api/tnas/status/figures']) {
      const res = await t.request('GET', url, { token: t.adminToken });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await t.request('GET', '/api/details')).headers['cache-control']).toBe('no-store');
  });
});

describe('public routes', () => {
  it('limits register, forgot-password and recover-password per address, in the documented shape', async () => {
    const own = await setupTestApp({ TRUST_PROXY: '1' });
    const routes = [
      ['/api/register', PUBLIC_RATE_LIMITS.register.max],
      ['/api/forgot-password', PUBLIC_RATE_LIMITS.forgotPassword.max],
      ['/api/recover-password', PUBLIC_RATE_LIMITS.recoverPassword.max],
    ] as const;
    for (const [url, max] of routes) {
      const headers = { 'x-forwarded-for': '198.51.100.5' };
      for (let i = 0; i < max; i++) {
        // An empty form: 422, cheap, and counted all the same.
        expect((await own.request('POST', url, { body: {}, headers })).statusCode).toBe(422);
      }
      const limited = await own.request('POST', url, { body: {}, headers });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/try again in \d+ seconds/),
        message_key: 'auth.tooManyRequests',
        params: { seconds: expect.any(Number) },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      const elsewhere = await own.request('POST', url, { body: {}, headers: { 'x-forwarded-for': '198.51.100.6' } });
      expect(elsewhere.statusCode).toBe(422);
    }
  });
});

describe('links', () => {
  async function resetLink(ctx: TestContext, host: string) {
    const user = await ctx.userWithRole('validator');
    await ctx.request('POST', '/api/forgot-password', { body: { email: user.email } });
    const requests = (await ctx.request('GET', '/api/users/password-resets', { token: ctx.adminToken })).json().data;
    const open = requests.find((r: { email: string }) => r.email === user.email);
    const res = await ctx.request('POST', `/api/users/password-resets/${open.id}/link`, {
      token: ctx.adminToken,
      headers: { host },
    });
    return res.json().success.url as string;
  }

  it('builds reset and page links on PUBLIC_URL, whatever Host the request names', async () => {
    const own = await setupTestApp({ PUBLIC_URL: 'https://tna.moph.gov.af/' });
    expect(await resetLink(own, 'evil.example')).toMatch(/^https:\/\/tna\.moph\.gov\.af\/recover-password\?token=/);
    const page = await own.request('GET', '/api/hospitals?page=1', {
      token: own.adminToken,
      headers: { host: 'evil.example' },
    });
    expect(JSON.stringify(page.json())).not.toContain('evil.example');
    expect(page.json().data.first_page_url).toMatch(/^https:\/\/tna\.moph\.gov\.af\/api\/hospitals\?/);
  });

  it('warns at start when the server listens beyond this machine without PUBLIC_URL', () => {
    expect(publicUrlWarning({ host: '0.0.0.0', publicUrl: undefined })).toMatch(/PUBLIC_URL is not set/);
    expect(publicUrlWarning({ host: '0.0.0.0', publicUrl: 'https://tna.example.org' })).toBeNull();
    expect(publicUrlWarning({ host: '127.0.0.1', publicUrl: undefined })).toBeNull();
  });
});

describe('the log', () => {
  it('never holds a password hash, not even from a failed insert that carried one', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const own = await setupTestApp({}, { logger: { ...(loggerOptions('info') as object), stream } });
    // Every new user now fails on insert, with its password hash among the query's parameters.
    await own.database.db.execute(sql`alter table users add constraint no_new_users check (false) not valid`);
    const res = await own.request('POST', '/api/users/register', {
      token: own.adminToken,
      body: {
        name: 'Logged',
        email: 'logged@tna.test',
        password: 'secret-pass-1',
        c_password: 'secret-pass-1',
        role: 'validator',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(log).toContain('request failed');
    expect(log).toContain('no_new_users');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('secret-pass-1');
    const entries = await own.database.db.select().from(errorLogs);
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain('$argon2');
  });
});
