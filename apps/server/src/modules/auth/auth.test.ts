import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../../test/helpers.js';
import { LOGIN_FAILED_MESSAGE, RATE_LIMITED_MESSAGE } from './auth.service.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('POST /api/login', () => {
  it('answers success.{token,email,roles} for good credentials', async () => {
    const res = await t.request('POST', '/api/login', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.success).sort()).toEqual(['email', 'roles', 'token']);
    expect(body.success.email).toBe(TEST_ADMIN.email);
    expect(body.success.roles).toEqual(['admin']);
    expect(body.success.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('accepts the email in any case', async () => {
    const res = await t.request('POST', '/api/login', {
      body: { email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.request('POST', '/api/login', { body: { email: TEST_ADMIN.email, password: 'nope-nope' } });
    const unknown = await t.request('POST', '/api/login', {
      body: { email: 'nobody@tna.test', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(LOGIN_FAILED_MESSAGE);
  });

  it.each([
    [{ email: '', password: 'abcd' }, 'email', 'This field is required'],
    [{ email: 'not-an-email', password: 'abcd' }, 'email', 'This field should match the pattern of email address'],
    [{ email: 'a@b.co', password: '' }, 'password', 'This field is required'],
    [{ email: 'a@b.co', password: 'abc' }, 'password', 'This field length is shorter then it should be'],
    [{ password: 'abcd' }, 'email', 'This field is required'],
  ])('answers 422 for %j', async (body, field, message) => {
    const res = await t.request('POST', '/api/login', { body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(res.json().error_keys[field]).toBeDefined();
  });

  it('answers 429 after 10 failed logins a minute for one email, even with the right password', async () => {
    // Its own database, so that the address limit it also reaches does not block the other tests.
    const own = await setupTestApp({ TRUST_PROXY: '1' });
    const user = await own.userWithRole('validator');
    for (let i = 0; i < 10; i++) {
      const res = await own.request('POST', '/api/login', {
        body: { email: user.email, password: 'wrong-wrong' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await own.request('POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(RATE_LIMITED_MESSAGE);
    expect(blocked.headers['retry-after']).toBe('60');
    // Once the minute has passed, the right password works again.
    await own.database.db.execute(sql`update login_attempts set created_at = created_at - interval '61 seconds'`);
    const again = await own.request('POST', '/api/login', { body: { email: user.email, password: user.password } });
    expect(again.statusCode).toBe(200);
  });

  it('answers 429 after 10 failed logins a minute from one address, whatever the email', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const app2 = await setupTestApp({ TRUST_PROXY: '1' });
    for (let i = 0; i < 10; i++) {
      await app2.request('POST', '/api/login', { body: { email: `x${i}@tna.test`, password: 'wrong-wrong' }, headers });
    }
    const blocked = await app2.request('POST', '/api/login', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      headers,
    });
    expect(blocked.statusCode).toBe(429);
    const otherAddress = await app2.request('POST', '/api/login', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(otherAddress.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /api/details answers the profile of the token', async () => {
    const res = await t.request('GET', '/api/details', { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const { success } = res.json();
    expect(success).toMatchObject({ email: TEST_ADMIN.email, name: 'Administrator' });
    expect(success.roles).toEqual([{ id: expect.any(Number), name: 'admin' }]);
    expect(new Date(success.created_at).getTime()).not.toBeNaN();
    expect(success).not.toHaveProperty('password');
    expect(success).not.toHaveProperty('passwordHash');
  });

  it.each([
    ['no token', null],
    ['a made-up token', 'made-up-token-made-up-token-made-up-token'],
  ])('answers 401 with %s', async (_name, token) => {
    const res = await t.request('GET', '/api/details', { token });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 once the session has expired', async () => {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`revoked_at is null`);
    expect((await t.request('GET', '/api/details', { token })).statusCode).toBe(401);
    t.adminToken = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  });

  it('keeps only a hash of the token', async () => {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const rows = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.h === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.h))).toBe(true);
  });

  it('POST /api/logout revokes the token and only that one', async () => {
    const a = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const b = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await t.request('POST', '/api/logout', { token: a })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/details', { token: a })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/details', { token: b })).statusCode).toBe(200);
  });

  it('expires a session after SESSION_TTL', async () => {
    const short = await setupTestApp({ SESSION_TTL: '1' });
    const token = await short.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await short.request('GET', '/api/details', { token })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await short.request('GET', '/api/details', { token })).statusCode).toBe(401);
  });
});

describe('GET /api/health', () => {
  it('answers 200 with the database reachable', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers 503 when the database is gone', async () => {
    const other = await setupTestApp();
    await other.database.close();
    const res = await other.request('GET', '/api/health');
    expect(res.statusCode).toBe(503);
  });
});
