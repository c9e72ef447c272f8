import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import { ChangeFeed } from '../../db/changes.js';
import { eventually, setupTestApp, TEST_ADMIN, type TestContext } from '../../test/helpers.js';
import type { SessionUser } from './auth.repository.js';
import { SessionCache } from './session-cache.js';

describe('SessionCache', () => {
  const found = (expiresInMs = 60_000): SessionUser => ({
    sessionId: 1,
    expiresAt: new Date(Date.now() + expiresInMs),
    user: {
      id: 1,
      name: 'A',
      email: 'a@tna.test',
      roles: ['admin'],
      provinces: [],
      roleRefs: [],
      createdAt: new Date(),
    },
  });

  it('reads a token once while nothing changes, again after a change, and always when not listening', async () => {
    const feed = new ChangeFeed();
    let loads = 0;
    const load = async () => {
      loads++;
      return found();
    };
    const cache = new SessionCache(new CacheStore(1024 * 1024), feed);
    await cache.find('h', load);
    await cache.find('h', load);
    expect(loads).toBe(2); // the feed is not live: no caching
    (feed as unknown as { listening: boolean }).listening = true;
    await cache.find('h', load);
    await cache.find('h', load);
    expect(loads).toBe(3);
    feed.bump('departments');
    await cache.find('h', load);
    expect(loads).toBe(3);
    feed.bump('auth');
    await cache.find('h', load);
    expect(loads).toBe(4);
  });

  it('does not keep a session past its expiry, nor a missing one', async () => {
    const feed = new ChangeFeed();
    (feed as unknown as { listening: boolean }).listening = true;
    const cache = new SessionCache(new CacheStore(1024 * 1024), feed);
    let loads = 0;
    const counted = (value: SessionUser | null) => async () => {
      loads++;
      return value;
    };
    await cache.find('soon', counted(found(-1)));
    await cache.find('soon', counted(found(-1)));
    await cache.find('none', counted(null));
    await cache.find('none', counted(null));
    expect(loads).toBe(4);
  });
});

describe('signed-in users across server instances', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp();
  });

  it('a signed-out token is refused at once here and on another instance', async () => {
    const other = await t.secondInstance();
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await t.request('GET', '/api/details', { token })).statusCode).toBe(200);
    expect((await other.request('GET', '/api/details', { token })).statusCode).toBe(200);
    expect((await t.request('POST', '/api/logout', { token })).statusCode).toBe(200);
    expect((await t.request('GET', '/api/details', { token })).statusCode).toBe(401);
    expect(
      await eventually(async () => (await other.request('GET', '/api/details', { token })).statusCode === 401),
    ).toBe(true);
  });

  it('a role taken away on one instance takes effect on the other', async () => {
    const other = await t.secondInstance();
    const user = await t.userWithRole('admin', 'Second Admin');
    expect((await other.request('GET', '/api/users', { token: user.token })).statusCode).toBe(200);
    const res = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: { id: user.id, name: 'Second Admin', email: user.email, role: 'validator' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Changing the role signs the user out everywhere (users API rule).
    expect(
      await eventually(
        async () => (await other.request('GET', '/api/users', { token: user.token })).statusCode === 401,
      ),
    ).toBe(true);
  });

  it('a change made straight in the database is seen on the next requests', async () => {
    const token = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await t.request('GET', '/api/details', { token })).json().success.name).toBe('Administrator');
    await t.database.db.execute(sql`update users set name = 'Renamed In SQL' where email = ${TEST_ADMIN.email}`);
    expect(
      await eventually(
        async () => (await t.request('GET', '/api/details', { token })).json().success.name === 'Renamed In SQL',
      ),
    ).toBe(true);
    await t.database.db.execute(sql`update users set name = 'Administrator' where email = ${TEST_ADMIN.email}`);
  });
});
