import { ROLES } from '@tna/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, users } from '../../db/schema/index.js';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Zarghona Ahmadi',
  email: `zarghona${Math.random().toString(36).slice(2, 8)}@moph.gov.af`,
  password: 'secret-pass-1',
  c_password: 'secret-pass-1',
  role: 'dataentry',
  ...over,
});

describe('users: who may call', () => {
  it('answers 401 to anonymous callers on every users call', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users/register'],
      ['DELETE', '/api/users/1'],
      ['POST', '/api/users/update-profile'],
    ] as const) {
      expect((await t.request(method, url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it.each(ROLES.filter((r) => r !== 'admin'))('answers 403 to a %s on list, create and delete', async (role) => {
    const user = await t.userWithRole(role);
    expect((await t.request('GET', '/api/users', { token: user.token })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/users/register', { token: user.token, body: valid() })).statusCode).toBe(403);
    expect((await t.request('DELETE', `/api/users/${user.id}`, { token: user.token })).statusCode).toBe(403);
  });
});

describe('users: create, list, update, delete', () => {
  it('creates a user of each role, who can then sign in with that role', async () => {
    for (const role of ROLES) {
      const body = valid({ role });
      const res = await t.request('POST', '/api/users/register', { token: t.adminToken, body });
      expect(res.statusCode).toBe(200);
      expect(res.json().success).toMatchObject({ name: body.name, email: body.email, roles: [{ name: role }] });
      expect(res.body).not.toContain('secret-pass-1');
      const login = await t.request('POST', '/api/login', { body: { email: body.email, password: body.password } });
      expect(login.json().success.roles).toEqual([role]);
    }
  });

  it('lists users with #, name, email and roles, never a password', async () => {
    const res = await t.request('GET', '/api/users', { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      name: 'Administrator',
      email: TEST_ADMIN.email,
      roles: [{ id: expect.any(Number), name: 'admin' }],
      provinces: [],
      created_at: expect.any(String),
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it.each([
    [{ name: '' }, 'name', 'This field is required'],
    [{ email: '' }, 'email', 'This field is required'],
    [{ email: 'Upper@moph.gov.af' }, 'email', 'This field should match the pattern of email address'],
    [{ email: 'someone@moph.health' }, 'email', 'This field should match the pattern of email address'],
    [{ email: 'someone@moph.a' }, 'email', 'This field should match the pattern of email address'],
    [{ password: '', c_password: '' }, 'password', 'This field is required'],
    [{ password: 'short', c_password: 'short' }, 'password', 'This field length is shorter then it should be'],
    [
      { password: 'x'.repeat(33), c_password: 'x'.repeat(33) },
      'password',
      'This field length is longer then it should be',
    ],
    [
      { c_password: 'different-1' },
      'c_password',
      'The passwords do not match: this field should equal the password field',
    ],
    [{ c_password: '' }, 'c_password', 'This field is required'],
    [{ role: '' }, 'role', 'This field is required'],
    [{ role: 'superuser' }, 'role', 'Choose one of the listed values'],
  ])('rejects %j with 422 on the field', async (over, field, message) => {
    const before = await t.database.db.select().from(users);
    const res = await t.request('POST', '/api/users/register', { token: t.adminToken, body: valid(over) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await t.database.db.select().from(users)).toHaveLength(before.length);
  });

  it('accepts 8 and 32 character passwords (the limits)', async () => {
    for (const password of ['x'.repeat(8), 'y'.repeat(32)]) {
      const res = await t.request('POST', '/api/users/register', {
        token: t.adminToken,
        body: valid({ password, c_password: password }),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 422 on email for a duplicate, and creates nothing', async () => {
    const body = valid();
    expect((await t.request('POST', '/api/users/register', { token: t.adminToken, body })).statusCode).toBe(200);
    const again = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: valid({ email: body.email }),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email[0]).toContain('already taken');
    const same = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(same).toHaveLength(1);
  });

  it('updates name, email and role with id; an empty password keeps the old one', async () => {
    const body = valid();
    const created = (await t.request('POST', '/api/users/register', { token: t.adminToken, body })).json().success;
    const update = {
      id: created.id,
      name: 'Renamed',
      email: body.email,
      password: '',
      c_password: '',
      role: 'validator',
    };
    const res = await t.request('POST', '/api/users/register', { token: t.adminToken, body: update });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toMatchObject({ id: created.id, name: 'Renamed', roles: [{ name: 'validator' }] });
    const login = await t.request('POST', '/api/login', { body: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().success.roles).toEqual(['validator']);
  });

  it('a new password or role signs the user out everywhere', async () => {
    const user = await t.userWithRole('dataentry');
    const res = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: {
        id: user.id,
        name: 'X',
        email: user.email,
        password: 'new-password-9',
        c_password: 'new-password-9',
        role: 'dataentry',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', '/api/details', { token: user.token })).statusCode).toBe(401);
    await t.login(user.email, 'new-password-9');
  });

  it('answers 404 when updating a user that does not exist', async () => {
    const res = await t.request('POST', '/api/users/register', { token: t.adminToken, body: valid({ id: 999999 }) });
    expect(res.statusCode).toBe(404);
  });

  it('deletes a user, whose token then stops working', async () => {
    const user = await t.userWithRole('validator');
    const res = await t.request('DELETE', `/api/users/${user.id}`, { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect((await t.request('GET', '/api/details', { token: user.token })).statusCode).toBe(401);
    const list = (await t.request('GET', '/api/users', { token: t.adminToken })).json().data;
    expect(list.some((u: { id: number }) => u.id === user.id)).toBe(false);
  });

  it('answers 404 when deleting a user that does not exist', async () => {
    expect((await t.request('DELETE', '/api/users/999999', { token: t.adminToken })).statusCode).toBe(404);
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deleted; a second admin can be', async () => {
    const own = await setupTestApp();
    const [me] = (await own.request('GET', '/api/users', { token: own.adminToken })).json().data;
    const demote = await own.request('POST', '/api/users/register', {
      token: own.adminToken,
      body: { id: me.id, name: me.name, email: me.email, password: '', c_password: '', role: 'validator' },
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors.role).toEqual(['The last admin cannot lose the admin role']);

    const second = await own.userWithRole('admin');
    // The only admin left after deleting the first one would be the second; deleting yourself is refused.
    const self = await own.request('DELETE', `/api/users/${second.id}`, { token: second.token });
    expect(self.statusCode).toBe(409);
    const delFirst = await own.request('DELETE', `/api/users/${me.id}`, { token: second.token });
    expect(delFirst.statusCode).toBe(200);
    const demoteLast = await own.request('POST', '/api/users/register', {
      token: second.token,
      body: { id: second.id, name: 'Second', email: second.email, password: '', c_password: '', role: 'dataentry' },
    });
    expect(demoteLast.statusCode).toBe(422);
  });
});

describe('users: audit trail', () => {
  it('writes one audit entry per write, with the changed fields only and no password', async () => {
    const body = valid();
    const created = (await t.request('POST', '/api/users/register', { token: t.adminToken, body })).json().success;
    await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: {
        id: created.id,
        name: 'Changed Name',
        email: body.email,
        password: 'another-pass-1',
        c_password: 'another-pass-1',
        role: 'dataentry',
      },
    });
    await t.request('DELETE', `/api/users/${created.id}`, { token: t.adminToken });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableType, 'User'), eq(auditLogs.auditableId, String(created.id))))
      .orderBy(auditLogs.id);
    expect(entries.map((e) => e.event)).toEqual(['created', 'updated', 'deleted']);
    expect(entries[0]!.newValues).toMatchObject({ name: body.name, email: body.email, roles: ['dataentry'] });
    expect(entries[1]!.oldValues).toEqual({ name: body.name });
    expect(entries[1]!.newValues).toEqual({ name: 'Changed Name' });
    expect(entries[0]!.url).toBe('POST /api/users/register');
    expect(entries[0]!.userId).not.toBeNull();
    expect(JSON.stringify(entries)).not.toMatch(/another-pass|secret-pass|argon2|password/);
  });

  it('a refused write leaves no audit entry', async () => {
    const before = await t.database.db.select().from(auditLogs);
    await t.request('POST', '/api/users/register', { token: t.adminToken, body: valid({ email: TEST_ADMIN.email }) });
    expect(await t.database.db.select().from(auditLogs)).toHaveLength(before.length);
  });
});

describe('POST /api/users/update-profile', () => {
  it('changes only the caller: name and password, never the email', async () => {
    const user = await t.userWithRole('validator');
    const res = await t.request('POST', '/api/users/update-profile', {
      token: user.token,
      body: {
        id: user.id,
        name: 'My New Name',
        email: 'other@moph.gov.af',
        password: 'profile-pass-1',
        c_password: 'profile-pass-1',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toMatchObject({ name: 'My New Name', email: user.email });
    await t.login(user.email, 'profile-pass-1');
    // The caller's own session survives; the profile call answers with the new name.
    expect((await t.request('GET', '/api/details', { token: user.token })).json().success.name).toBe('My New Name');
  });

  it("refuses to change someone else's profile", async () => {
    const user = await t.userWithRole('dataentry');
    const res = await t.request('POST', '/api/users/update-profile', {
      token: user.token,
      body: { id: 1, name: 'Hacked', password: 'profile-pass-1', c_password: 'profile-pass-1' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sets the confirm error on c_password when the passwords differ', async () => {
    const res = await t.request('POST', '/api/users/update-profile', {
      token: t.adminToken,
      body: { name: 'A', password: 'profile-pass-1', c_password: 'profile-pass-2' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_keys.c_password).toEqual(['validation.confirmPassword|{"value":"password"}']);
  });
});
