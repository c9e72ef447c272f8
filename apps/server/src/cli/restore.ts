import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir, pgliteDir } from '../db/data-dir.js';

/**
 * `npm run restore <file>`: bring back a backup made by `npm run backup`. The server must be stopped.
 * The backup is checked in memory first; the current database is kept beside it, renamed, so a
 * restore never loses data either.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore.');
    process.exit(1);
  }
  const file = process.argv[2];
  if (!file || !existsSync(file)) {
    console.error('Usage: npm run restore -- <backup.tar.gz> (a file written by npm run backup)');
    process.exit(1);
  }
  const release = lockDataDir(config.dataDir, 'restore');
  try {
    const blob = new Blob([readFileSync(path.resolve(file))]);
    const check = await openDatabase({ kind: 'pglite', loadDataDir: blob });
    const users = await check.pglite!.query<{ n: number }>('select count(*)::int as n from users');
    await check.close();

    const target = pgliteDir(config.dataDir);
    let keptAs: string | null = null;
    if (existsSync(target)) {
      keptAs = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, keptAs);
    }
    const restored = await openDatabase({ kind: 'pglite', dataDir: target, loadDataDir: blob });
    await restored.pglite!.exec('CHECKPOINT');
    await restored.close();
    console.log(`Restored ${file} into ${target} (${users.rows[0]?.n ?? 0} users).`);
    if (keptAs) console.log(`The database it replaced is kept in ${keptAs}; delete it when you no longer need it.`);
  } finally {
    release();
  }
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server before restoring.`);
  } else {
    console.error(error instanceof ConfigError ? error.message : error);
  }
  process.exit(1);
});
