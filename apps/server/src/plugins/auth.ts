import { type Action, can } from '@tna/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../db/audited.js';
import { AppError } from '../lib/app-error.js';
import { type AuthUser, findSessionUser, hashToken } from '../modules/auth/auth.repository.js';
import { SessionCache } from '../modules/auth/session-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone, signed in or not. Every other /api route needs a valid session. */
    public?: boolean;
    /** The action of @tna/domain permissions that the route needs. */
    permission?: Action;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    sessionId: number | null;
    /** The acting user and request, for audited writes. */
    actor(): Actor;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
}

/** The signed-in user; throws 401 if there is none (for routes that are public but use the user). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}

/**
 * Secure by default: every route under this scope needs a valid, unexpired, unrevoked session unless
 * it is marked `public`, and the permission named in its config.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('actor', function (this: FastifyRequest): Actor {
    return {
      userId: this.user?.id ?? null,
      url: `${this.method} ${this.url}`,
      ip: this.ip,
      userAgent: this.headers['user-agent'] ?? null,
      sessionId: this.sessionId,
    };
  });

  const sessions = new SessionCache(app.caches, app.database.changes);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const token = bearerToken(request);
    if (token) {
      const tokenHash = hashToken(token);
      const found = await sessions.find(tokenHash, () => findSessionUser(app.db, tokenHash));
      if (found) {
        request.user = found.user;
        request.sessionId = found.sessionId;
      }
    }
    // Unknown routes fall through to the not-found handler.
    if (!request.routeOptions.url) return;
    if (config.public) return;
    if (!request.user) throw AppError.unauthenticated();
    if (config.permission && !can(request.user.roles, config.permission)) throw AppError.forbidden();
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
