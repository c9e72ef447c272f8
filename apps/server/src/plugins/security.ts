import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy of the app: its own scripts only (no eval, and no inline script but the
 * page's boot script, allowed by its hash: see securityPlugin), its service worker and manifest, its
 * fonts and images (Vite may inline small ones as data: URLs), the analytics frame's origin when
 * ANALYTICS_EMBED_URL is set, and never framed itself. Styles allow
 * 'unsafe-inline': Mantine writes its theme variables and some component styles at run time, and
 * React sets style attributes; a style cannot run code.
 *
 * A route that needs another policy (API docs served at /api/docs, say) passes its own in its
 * config, built from this one: `config: { helmet: { contentSecurityPolicy: { useDefaults: false,
 * directives: contentSecurityPolicy(config, { 'script-src': ["'self'", "'sha256-...'"] }) } } }`.
 */
export function contentSecurityPolicy(config: Pick<Config, 'analyticsEmbedUrl'>, extra: Directives = {}): Directives {
  const analytics = config.analyticsEmbedUrl ? new URL(config.analyticsEmbedUrl).origin : null;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': analytics ? [analytics] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...extra,
  };
}

/**
 * Give the routes registered in `scope` from now on a policy of their own: for routes a plugin adds
 * (API docs, say), where no route option can be passed. In their scope, before that plugin:
 * `useContentSecurityPolicy(scope, contentSecurityPolicy(config, { 'script-src': ["'self'", ...] }))`.
 */
export function useContentSecurityPolicy(scope: FastifyInstance, directives: Directives): void {
  scope.addHook('onRoute', (route) => {
    route.config = {
      ...(route.config ?? {}),
      helmet: { contentSecurityPolicy: { useDefaults: false, directives } },
    } as typeof route.config;
  });
}

/**
 * Requests an address may make to the public routes, per window (each instance counts its own).
 * Sign-in is generous because a provincial office shares one address; the failures that matter are
 * counted in the database by email and address (see auth.service.ts). Register, forgot and recover
 * write rows or hash a password for an anonymous caller, so they are kept lower.
 */
export const PUBLIC_RATE_LIMITS = {
  login: { max: 60, timeWindow: 60_000 },
  register: { max: 20, timeWindow: 15 * 60_000 },
  forgotPassword: { max: 20, timeWindow: 15 * 60_000 },
  recoverPassword: { max: 20, timeWindow: 15 * 60_000 },
} as const;

/**
 * Security headers (helmet) on every answer, `Cache-Control: no-store` on API answers (they carry
 * personal data or what a role may see), and the rate limiter that the public routes opt into with
 * `config: { rateLimit: PUBLIC_RATE_LIMITS.x }`.
 */
async function securityPlugin(app: FastifyInstance, opts: { config: Config; scriptSources?: string[] }) {
  // The web app's page has one inline script, allowed by its hash (plugins/web.ts).
  const scripts: Directives = opts.scriptSources?.length ? { 'script-src': ["'self'", ...opts.scriptSources] } : {};
  const options: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.config, scripts) },
    // TLS ends at the proxy; browsers ignore this header on plain HTTP. No includeSubDomains: the
    // ministry's other sites are not ours to decide for.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
  // helmet's middleware is built once, and once per route with a policy of its own. @fastify/helmet
  // built it again on every request (parsing the policy each time): 5.5% of the server's time under
  // the list benchmark's load (a CPU profile, 2026-11-24).
  const everywhere = helmet(options);
  const ownPolicies = new WeakMap<HelmetOptions, ReturnType<typeof helmet>>();
  app.addHook('onRequest', (request, reply, done) => {
    const own = (request.routeOptions.config as { helmet?: HelmetOptions } | undefined)?.helmet;
    let apply = everywhere;
    if (own) {
      apply = ownPolicies.get(own) ?? helmet({ ...options, ...own } as HelmetOptions);
      ownPolicies.set(own, apply);
    }
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'RATE_LIMITED',
        `Too many requests from this address. Please try again in ${seconds} seconds.`,
        undefined,
        { key: 'auth.tooManyRequests', params: { seconds } },
      );
    },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

export default fp(securityPlugin, { name: 'security' });
