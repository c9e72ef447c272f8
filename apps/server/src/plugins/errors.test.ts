import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { departments, errorLogs } from '../db/schema/index.js';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../test/helpers.js';
import { recordError } from './errors.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

describe('errors', () => {
  it('a 5xx hides its details from the client and lands in the error log with route, time and stack', async () => {
    await t.database.db.execute(sql`drop table login_attempts cascade`);
    const res = await t.request('POST', '/api/login', {
      body: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toContain('login_attempts');
    const [entry] = await t.database.db.select().from(errorLogs);
    expect(entry).toMatchObject({ method: 'POST', route: '/api/login', statusCode: 500 });
    expect(entry!.message).toContain('login_attempts');
    expect(entry!.stack).toBeTruthy();
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('answers 400 for malformed JSON and 404 JSON for an unknown API path', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/could not be read/) });
    const missing = await t.request('GET', '/api/no-such-thing', { token: t.adminToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });

  it('answers a URL the router cannot decode, and an unknown path outside /api, in the same shape', async () => {
    const bad = await t.request('DELETE', '/api/departments/%zz', { token: t.adminToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    const outside = await t.request('GET', '/no-such-page');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('answers a JSON null, a list or a bare value where a form was expected with 400, anonymous or not', async () => {
    for (const payload of ['null', '[]', '"x"', '42']) {
      for (const [url, token] of [
        ['/api/register', null],
        ['/api/login', null],
        ['/api/departments', t.adminToken],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' });
      }
    }
  });

  it.each(['2147483648', '0x10', 'true', '%2042%20', '1e3', '-1', '0', '1.5'])(
    'refuses /api/tnas/bystaffid/%s with 422 on the id',
    async (id) => {
      const res = await t.request('GET', `/api/tnas/bystaffid/${id}`, { token: t.adminToken });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error_keys: { id: ['validation.oneOf'] } });
    },
  );

  it.each([true, '0x10', ' 42 ', 2147483648, 1.5, '1e3', -1, 0])('does not take %j as an id in a body', async (id) => {
    const [first] = await t.database.db.select().from(departments).limit(1);
    const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { id, name: 'Renamed' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_keys.id).toEqual(['validation.oneOf']);
    const [after] = await t.database.db.select().from(departments).where(sql`id = ${first!.id}`);
    expect(after!.name).toBe(first!.name);
  });

  it('refuses control characters with 422 on the field, in body and query', async () => {
    const body = await t.request('POST', '/api/departments', {
      token: t.adminToken,
      body: { name: 'a\u0000b', remarks: 'x\u001b[31m' },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json()).toMatchObject({
      code: 'VALIDATION',
      errors: { name: ['This field must not contain control characters'] },
      error_keys: { name: ['validation.controlCharacters'], remarks: ['validation.controlCharacters'] },
    });
    const query = await t.request('GET', '/api/logs/user-logs?event=%00', { token: t.adminToken });
    expect(query.statusCode).toBe(422);
    expect(query.json().error_keys.event).toEqual(['validation.controlCharacters']);
    // A password is text too, and so is a field no schema asked for.
    const login = await t.request('POST', '/api/login', { body: { email: TEST_ADMIN.email, password: 'ab\u0000cd' } });
    expect(login.json().error_keys.password).toEqual(['validation.controlCharacters']);
  });

  it('writes the error log entry even when the error names a NUL byte or a password hash', async () => {
    const request = {
      method: 'POST',
      url: '/api/x?q=%00',
      routeOptions: { url: '/api/x' },
      user: null,
      id: 'req-nul',
      log: { error: () => {} },
    } as unknown as FastifyRequest;
    const error = new Error(
      'invalid byte sequence for encoding "UTF8": 0x00 in "a\u0000b", params: $argon2id$v=19$m=1,t=2,p=1$c2FsdA$aGFzaA',
    );
    await recordError(t.app, request, error, 500);
    const [entry] = await t.database.db.select().from(errorLogs).where(sql`request_id = 'req-nul'`);
    expect(entry!.message).toContain('a\\u0000b');
    expect(entry!.message).not.toContain('$argon2');
  });
});
