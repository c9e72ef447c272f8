import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
}

/** Makes the database and the configuration reachable from every route and plugin. */
async function dbPlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
}

export default fp(dbPlugin, { name: 'db' });
