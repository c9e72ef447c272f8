import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { writePgliteBackup } from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { backupRequestPath, DataDirLockedError, lockDataDir, lockHolder, pgliteDir } from '../db/data-dir.js';

/**
 * `npm run backup [file]`: a consistent copy of the embedded database as a .tar.gz. If the server is
 * running, it is asked to write the copy itself (PGlite allows one process per folder); otherwise the
 * folder is opened, locked, copied and closed.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g. pg_dump -Fc "$DATABASE_URL" > tna.dump');
    process.exit(1);
  }
  if (!existsSync(pgliteDir(config.dataDir))) {
    console.error(`There is no database in ${config.dataDir} yet: nothing to back up.`);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? path.join('backups', `tna-${stamp}.tar.gz`));
  mkdirSync(path.dirname(target), { recursive: true });

  const holder = lockHolder(config.dataDir);
  if (holder) {
    const done = `${target}.done.json`;
    rmSync(done, { force: true });
    writeFileSync(backupRequestPath(config.dataDir), JSON.stringify({ target, done }));
    process.kill(holder, 'SIGUSR2');
    const deadline = Date.now() + 300_000;
    while (!existsSync(done)) {
      if (Date.now() > deadline) throw new Error('The running server did not write the backup within 5 minutes.');
      await new Promise((r) => setTimeout(r, 200));
    }
    const result = JSON.parse(readFileSync(done, 'utf8'));
    rmSync(done, { force: true });
    if (!result.ok) throw new Error(`The running server could not write the backup: ${result.message}`);
    console.log(`Backup written by the running server (pid ${holder}) to ${target} (${result.bytes} bytes).`);
    return;
  }

  const release = lockDataDir(config.dataDir, 'backup');
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir(config.dataDir) });
    const bytes = await writePgliteBackup(database.pglite!, target);
    await database.close();
    console.log(`Backup written to ${target} (${bytes} bytes).`);
  } finally {
    release();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
