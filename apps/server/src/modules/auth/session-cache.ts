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

  constructor(changes: ChangeFeed, maxEntries = 10_000, ttlMs = 60_000) {
    this.cache = new ReadCache(changes, ['auth'], { maxEntries, ttlMs });
  }

  find(tokenHash: string, load: () => Promise<SessionUser | null>): Promise<SessionUser | null> {
    return this.cache.get(tokenHash, load, (found) => found?.expiresAt.getTime() ?? false);
  }
}
