import type { CacheStore } from '../../db/cache-store.js';
import type { ChangeFeed } from '../../db/changes.js';
import { ReadCache } from '../../db/read-cache.js';
import type { SessionUser } from './auth.repository.js';

/**
 * The signed-in user of each recent token, so that a request costs no session query. An entry is good
 * while no user, role or session changed since it was read (the change feed's `auth` topic), for at
 * most a minute, and never past the session's expiry. Only found sessions are kept.
 */
export class SessionCache {
  private readonly cache: ReadCache<SessionUser | null>;

  constructor(store: CacheStore, changes: ChangeFeed, ttlMs = 60_000) {
    this.cache = new ReadCache(store, changes, 'sessions', ['auth'], ttlMs);
  }

  /** The key a token's user is kept under. */
  static key(tokenHash: string): string {
    return tokenHash;
  }

  find(tokenHash: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    return this.cache.get(SessionCache.key(tokenHash), load, (found) => found?.expiresAt.getTime() ?? false);
  }
}
