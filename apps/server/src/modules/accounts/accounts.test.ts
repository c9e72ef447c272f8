import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, passwordResets } from '../../db/schema/index.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { FORGOT_ANSWER, REGISTER_ANSWER } from './accounts.routes.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

const register = (email: string, password = 'my-new-pass-1', name = 'Sahar Noori') =>
  t.request('POST', '/api/register', { body: { name, email, password, retypePassword: password, agree: true } });

describe('registration', () => {
  it('files a request the admin sees; the person signs in only once accepted, with the role chosen', async () => {
    const res = await register('sahar@moph.gov.af');
    expect(res.statusCode).toBe(200);
    expect(res.json().success.message).toBe(REGISTER_ANSWER);
    expect(
      (await t.request('POST', '/api/login', { body: { email: 'sahar@moph.gov.af', password: 'my-new-pass-1' } }))
        .statusCode,
    ).toBe(401);

    const list = (await t.request('GET', '/api/users/account-requests', { token: t.adminToken })).json().data;
    const mine = list.find((x: { email: string }) => x.email === 'sahar@moph.gov.af');
    expect(mine).toMatchObject({ name: 'Sahar Noori', status: 'pending' });
    expect(JSON.stringify(list)).not.toMatch(/password|argon/);

    const accepted = await t.request('POST', `/api/users/account-requests/${mine.id}/accept`, {
      token: t.adminToken,
      body: { role: 'dataentry' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().success).toMatchObject({ email: 'sahar@moph.gov.af', roles: [{ name: 'dataentry' }] });
    const login = await t.request('POST', '/api/login', {
      body: { email: 'sahar@moph.gov.af', password: 'my-new-pass-1' },
    });
    expect(login.json().success.roles).toEqual(['dataentry']);
    expect(
      (
        await t.request('POST', `/api/users/account-requests/${mine.id}/accept`, {
          token: t.adminToken,
          body: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('answers the same for an existing account and files nothing', async () => {
    const before = (await t.request('GET', '/api/users/account-requests', { token: t.adminToken })).json().data.length;
    const res = await register('admin@tna.test');
    expect(res.json().success.message).toBe(REGISTER_ANSWER);
    expect((await t.request('GET', '/api/users/account-requests', { token: t.adminToken })).json().data).toHaveLength(
      before,
    );
  });

  it('a refused request never becomes an account', async () => {
    await register('refuse.me@moph.gov.af');
    const req = (await t.request('GET', '/api/users/account-requests', { token: t.adminToken }))
      .json()
      .data.find((x: { email: string }) => x.email === 'refuse.me@moph.gov.af');
    expect(
      (await t.request('POST', `/api/users/account-requests/${req.id}/refuse`, { token: t.adminToken })).statusCode,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/login', { body: { email: 'refuse.me@moph.gov.af', password: 'my-new-pass-1' } }))
        .statusCode,
    ).toBe(401);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.auditableType, 'AccountRequest'));
    expect(audit.some((e) => e.event === 'updated' && (e.newValues as { status?: string }).status === 'refused')).toBe(
      true,
    );
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|argon/);
  });

  it.each([
    [
      { email: 'x@moph.gov.af', password: 'short', retypePassword: 'short' },
      'password',
      'This field length is shorter then it should be',
    ],
    [
      { email: 'x@moph.gov.af', password: 'long-enough-1', retypePassword: 'other-one-1' },
      'retypePassword',
      'The passwords do not match: this field should equal the password field',
    ],
    [
      { email: 'X@moph', password: 'long-enough-1', retypePassword: 'long-enough-1' },
      'email',
      'This field should match the pattern of email address',
    ],
    [{ password: 'long-enough-1', retypePassword: 'long-enough-1' }, 'email', 'This field is required'],
  ])('rejects %j', async (body, field, message) => {
    const res = await t.request('POST', '/api/register', { body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('request lists and decisions are for admins only', async () => {
    const user = await t.userWithRole('validator');
    expect((await t.request('GET', '/api/users/account-requests', { token: user.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/users/password-resets', { token: user.token })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/users/password-resets/1/link', { token: user.token })).statusCode).toBe(403);
  });
});

describe('password recovery', () => {
  async function resetRequestFor(email: string) {
    expect((await t.request('POST', '/api/forgot-password', { body: { email } })).json().success.message).toBe(
      FORGOT_ANSWER,
    );
    const list = (await t.request('GET', '/api/users/password-resets', { token: t.adminToken })).json().data;
    return list.find((x: { email: string }) => x.email === email);
  }

  it('forget, admin link, new password: the link works once, and other sessions end', async () => {
    const user = await t.userWithRole('dataentry');
    const req = await resetRequestFor(user.email);
    expect(req).toMatchObject({ status: 'open', name: expect.any(String) });
    const link = await t.request('POST', `/api/users/password-resets/${req.id}/link`, { token: t.adminToken });
    expect(link.statusCode).toBe(200);
    const { url, expires_at, mailed } = link.json().success;
    expect(mailed).toBe(false);
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    const token = new URL(url).searchParams.get('token')!;
    expect(new URL(url).pathname).toBe('/recover-password');
    const [stored] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.id, req.id));
    expect(stored!.tokenHash).not.toBe(token);

    const res = await t.request('POST', '/api/recover-password', {
      body: { token, password: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', '/api/details', { token: user.token })).statusCode).toBe(401);
    await t.login(user.email, 'brand-new-pass-1');
    const reused = await t.request('POST', '/api/recover-password', {
      body: { token, password: 'another-pass-1', confirmPassword: 'another-pass-1' },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error_keys.token).toEqual(['validation.resetLink']);
    await t.login(user.email, 'brand-new-pass-1');
  });

  it('an expired link does not work', async () => {
    const user = await t.userWithRole('validator');
    const req = await resetRequestFor(user.email);
    const { url } = (
      await t.request('POST', `/api/users/password-resets/${req.id}/link`, { token: t.adminToken })
    ).json().success;
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.id, req.id));
    const token = new URL(url).searchParams.get('token')!;
    const res = await t.request('POST', '/api/recover-password', {
      body: { token, password: 'brand-new-pass-2', confirmPassword: 'brand-new-pass-2' },
    });
    expect(res.statusCode).toBe(422);
    await t.login(user.email, user.password);
  });

  it('answers the same for an unknown email, and files nothing', async () => {
    const before = (await t.request('GET', '/api/users/password-resets', { token: t.adminToken })).json().data.length;
    const res = await t.request('POST', '/api/forgot-password', { body: { email: 'nobody@moph.gov.af' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success.message).toBe(FORGOT_ANSWER);
    expect((await t.request('GET', '/api/users/password-resets', { token: t.adminToken })).json().data).toHaveLength(
      before,
    );
  });
});

describe('GET /api/user-active', () => {
  it('answers for an active session and 401 without one', async () => {
    const res = await t.request('GET', '/api/user-active', { token: t.adminToken });
    expect(res.json().success).toMatchObject({ active: true, email: 'admin@tna.test' });
    expect((await t.request('GET', '/api/user-active')).statusCode).toBe(401);
  });
});
