import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
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
    config: Config;
  }
}

/** Makes the database and the configuration reachable from every route and plugin. */
async function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  app.decorate('reference', new ReferenceCache(opts.database.db, opts.database.changes));
  // Read your writes: after any request that may have written, this instance's caches start afresh
  // before the answer leaves (other instances hear of it from PostgreSQL a moment after the commit).
  app.addHook('onSend', async (request) => {
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
    if (request.routeOptions.config?.readOnly) return;
    opts.database.changes.bumpAll();
  });
}

export default fp(dbPlugin, { name: 'db' });
