import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { PUBLIC_RATE_LIMITS } from '../../plugins/security.js';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../../test/helpers.js';
import { ACCOUNT_LIMITED_MESSAGE, LOGIN_FAILED_MESSAGE, LOGIN_LIMITS, RATE_LIMITED_MESSAGE } from './auth.service.js';

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

  describe('the sign-in limit', () => {
    // Each test has its own database, so that the limits one reaches do not block the others.
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = (own: TestContext, email: string, password: string, ip: string) =>
      own.request('POST', '/api/login', { body: { email, password }, headers: from(ip) });

    it('stops the (email, address) pair that guesses, not the rightful user elsewhere', async () => {
      const own = await setupTestApp({ TRUST_PROXY: '1' });
      const user = await own.userWithRole('validator');
      for (let i = 0; i < LOGIN_LIMITS.pair; i++) {
        expect((await attempt(own, user.email, 'wrong-wrong', '198.51.100.1')).statusCode).toBe(401);
      }
      const blocked = await attempt(own, user.email, user.password, '198.51.100.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: RATE_LIMITED_MESSAGE,
        message_key: 'auth.loginLimited',
      });
      expect(blocked.headers['retry-after']).toBe('60');
      // The same person from another address signs in; so does a colleague from the guessing address.
      expect((await attempt(own, user.email, user.password, '198.51.100.2')).statusCode).toBe(200);
      expect((await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.1')).statusCode).toBe(200);
      // Once the window has passed, the pair may try again.
      await own.database.db.execute(sql`update login_attempts set created_at = created_at - interval '61 seconds'`);
      expect((await attempt(own, user.email, user.password, '198.51.100.1')).statusCode).toBe(200);
    });

    it('a shared office address is not locked out by a few failures, only by many', async () => {
      const own = await setupTestApp({ TRUST_PROXY: '1' });
      const office = '203.0.113.9';
      // Ten colleagues each mistype once: everyone at the office still signs in.
      for (let i = 0; i < 10; i++) await attempt(own, `x${i}@tna.test`, 'wrong-wrong', office);
      expect((await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, office)).statusCode).toBe(200);
      // One address trying many accounts is stopped at the (much higher) address limit.
      for (let i = 10; i < LOGIN_LIMITS.address; i++) await attempt(own, `x${i}@tna.test`, 'wrong-wrong', office);
      expect((await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, office)).statusCode).toBe(429);
      expect((await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, '203.0.113.10')).statusCode).toBe(200);
    });

    it('guessing one account from many addresses stops the guessers, not the user where they sign in', async () => {
      const own = await setupTestApp({ TRUST_PROXY: '1' });
      const user = await own.userWithRole('dataentry');
      // The user signed in before from their office.
      expect((await attempt(own, user.email, user.password, '192.0.2.50')).statusCode).toBe(200);
      for (let i = 0; i < LOGIN_LIMITS.email; i++) {
        expect((await attempt(own, user.email, 'wrong-wrong', `198.51.100.${100 + i}`)).statusCode).toBe(401);
      }
      // A new address gets no password check any more, right password or not...
      const stranger = await attempt(own, user.email, user.password, '198.51.100.200');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: ACCOUNT_LIMITED_MESSAGE,
        message_key: 'auth.accountLimited',
      });
      // ...while the user at their office signs in, and a wrong password there is still only a 401.
      expect((await attempt(own, user.email, 'wrong-wrong', '192.0.2.50')).statusCode).toBe(401);
      expect((await attempt(own, user.email, user.password, '192.0.2.50')).statusCode).toBe(200);
    });

    it('limits requests per address on top (the rate limiter), in the documented shape', async () => {
      const own = await setupTestApp({ TRUST_PROXY: '1' });
      const answers: number[] = [];
      for (let i = 0; i < PUBLIC_RATE_LIMITS.login.max; i++) {
        answers.push((await attempt(own, 'nobody@tna.test', 'abc', '198.51.100.77')).statusCode);
      }
      // Too short a password is a 422 before any check; the limiter counts the requests all the same.
      expect(answers.every((s) => s === 422)).toBe(true);
      const last = await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.77');
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/try again in \d+ seconds/),
        message_key: 'auth.tooManyRequests',
        params: { seconds: expect.any(Number) },
      });
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(own, TEST_ADMIN.email, TEST_ADMIN.password, '198.51.100.78')).statusCode).toBe(200);
    });
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
