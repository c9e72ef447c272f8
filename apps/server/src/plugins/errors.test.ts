import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../db/schema/index.js';
import { setupTestApp, TEST_ADMIN, type TestContext } from '../test/helpers.js';

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
    expect(bad.json().message).toBeTruthy();
    const missing = await t.request('GET', '/api/no-such-thing', { token: t.adminToken });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
  });
});
