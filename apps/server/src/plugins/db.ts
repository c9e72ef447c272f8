import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { CacheStore } from '../db/cache-store.js';
import type { Database, Db } from '../db/client.js';
import { ReferenceCache } from '../db/reference-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a search): it does not make this instance's caches stale. */
    readOnly?: boolean;
  }
  interface FastifyInstance {
    db: Db;
    database: Database;
    /** The reference data's names in memory (see reference-cache.ts). */
    reference: ReferenceCache;
    /** The one byte-bounded memory every cache of this instance keeps its entries in (CACHE_MAX_MB). */
    caches: CacheStore;
    config: Config;
  }
}

/**
 * The header that carries a change mark: on the answer to every request that may have written, and
 * from a client that wants to read what it wrote on whichever instance answers (see ChangeFeed).
 */
export const CHANGE_HEADER = 'x-tna-change';

/** Makes the database and the configuration reachable from every route and plugin. */
async function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  const caches = new CacheStore(opts.config.cacheMaxMb * 1024 * 1024);
  app.decorate('caches', caches);
  app.decorate('reference', new ReferenceCache(opts.database.db, caches, opts.database.changes));
  const changes = opts.database.changes;
  // Read your writes across instances: a client sends the mark of its last write (CHANGE_HEADER); an
  // instance that has not heard it yet reads the database instead of its caches until it does.
  app.addHook('onRequest', async (request) => {
    const mark = request.headers[CHANGE_HEADER];
    if (typeof mark === 'string' && /^\d{1,15}$/.test(mark)) await changes.require(Number(mark));
  });
  // After any request that may have written, this instance hears its own change before the answer
  // leaves (so its caches have dropped what the write touched), and the answer carries the mark.
  app.addHook('onSend', async (request, reply) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
    if (request.routeOptions.config?.readOnly) return;
    const mark = await changes.afterWrite();
    if (mark !== null) reply.header(CHANGE_HEADER, String(mark));
  });
}

export default fp(dbPlugin, { name: 'db' });
