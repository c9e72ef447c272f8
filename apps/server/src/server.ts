import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, cacheMemoryWarning, loadConfig, publicUrlWarning } from './config.js';
import { writePgliteBackup } from './db/backup.js';
import { type Database, openDatabase } from './db/client.js';
import { backupRequestPath, DataDirLockedError, lockDataDir, pgliteDir } from './db/data-dir.js';
import { autovacuumWarning } from './db/maintenance.js';
import { runMigrations } from './db/migrate.js';
import { seed } from './db/seed.js';
import { loggerOptions } from './lib/logger.js';

/** Start: validate the environment, lock DATA_DIR, migrate, seed, listen; close cleanly on signals. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let release = () => {};
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let closing = false;

  const shutdown = async (signal: string) => {
    if (closing) {
      console.error(`${signal} again: exiting at once.`);
      process.exit(1);
    }
    closing = true;
    app?.log.info(`${signal}: closing the server and the database`);
    try {
      await app?.close();
      await database?.close();
    } finally {
      release();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    if (!config.databaseUrl) release = lockDataDir(config.dataDir);
    database = await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            heartbeatMs: config.changeHeartbeatSeconds * 1000,
            pipelines: config.databasePipelines,
            writers: config.databaseWriters,
          }
        : { kind: 'pglite', dataDir: pgliteDir(config.dataDir) },
    );
    const afterMigrations = await runMigrations(database);
    app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
    const log = app.log;
    for (const statement of afterMigrations) log.info(`After the migrations: ${statement}`);
    const warning = publicUrlWarning(config);
    if (warning) log.warn(warning);
    const memory = cacheMemoryWarning(config, v8.getHeapStatistics().heap_size_limit / 1048576);
    if (memory) log.warn(memory);
    const vacuum = await autovacuumWarning(database);
    if (vacuum) log.warn(vacuum);
    await seed(database.db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demoData: config.demoData,
      announce: (line) => log.warn(line),
    });
    if (database.pglite) listenForBackupRequests(database, config.dataDir, log);
    await app.listen({ port: config.port, host: config.host });
    log.info(
      `TNA System is serving on http://localhost:${config.port} (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    await database?.close().catch(() => {});
    release();
    process.exit(1);
  }
}

/** `npm run backup` against a running server: it leaves a request file and sends SIGUSR2. */
function listenForBackupRequests(database: Database, dataDir: string, log: FastifyInstance['log']) {
  process.on('SIGUSR2', async () => {
    const file = backupRequestPath(dataDir);
    if (!existsSync(file)) return;
    let request: { target: string; done: string };
    try {
      request = JSON.parse(readFileSync(file, 'utf8'));
      rmSync(file, { force: true });
    } catch {
      return;
    }
    try {
      const bytes = await writePgliteBackup(database.pglite!, request.target);
      writeFileSync(request.done, JSON.stringify({ ok: true, bytes }));
      log.info(`backup written to ${request.target} (${bytes} bytes)`);
    } catch (error) {
      writeFileSync(request.done, JSON.stringify({ ok: false, message: (error as Error).message }));
      log.error({ err: error }, 'backup failed');
    }
  });
}

void main();
