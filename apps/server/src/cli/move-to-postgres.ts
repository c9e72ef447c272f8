import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir, pgliteDir } from '../db/data-dir.js';
import { runMigrations } from '../db/migrate.js';
import { moveToPostgres, TargetNotEmptyError, VerifyError } from '../db/move.js';

const USAGE = 'Usage: npm run move-to-postgres -- postgres://user[:password]@host[:port]/database';

/** Hide a password in a URL before it is printed. */
function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * `npm run move-to-postgres -- <url>`: move the embedded database of DATA_DIR to an empty PostgreSQL
 * database. The server must be stopped (DATA_DIR is locked meanwhile). The PGlite folder is left as
 * it was.
 */
async function main() {
  const config = loadConfig();
  const targetUrl = process.argv[2];
  if (!targetUrl || !/^postgres(ql)?:\/\/.+/.test(targetUrl)) {
    console.error(USAGE);
    process.exit(1);
  }
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: this server already uses PostgreSQL. Unset it to move the PGlite data of DATA_DIR.',
    );
    process.exit(1);
  }
  const folder = pgliteDir(config.dataDir);
  if (!existsSync(folder)) {
    console.error(
      `There is no embedded database in ${config.dataDir} (no ${folder}). Set DATA_DIR to the folder the server used.`,
    );
    process.exit(1);
  }
  const release = lockDataDir(config.dataDir, 'move-to-postgres');
  const started = Date.now();
  try {
    const source = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      // The target gets the latest schema: bring the source to it first, as the server would at start.
      await runMigrations(source);
      console.log(`Moving ${folder} to ${shown(targetUrl)}`);
      const report = await moveToPostgres(source.pglite!, targetUrl, (line) => console.log(line));
      console.log('\nVerified, table by table (rows and checksum equal on both sides):');
      const width = Math.max(...report.map((r) => r.table.length));
      for (const r of report) console.log(`  ${r.table.padEnd(width)}  ${String(r.rows).padStart(9)}  ${r.checksum}`);
      console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server with`);
      console.log(`  DATABASE_URL=${shown(targetUrl)} npm start`);
      console.log(`The PGlite folder ${folder} is unchanged; keep it as a backup until you are sure.`);
    } finally {
      await source.close();
    }
  } finally {
    release();
  }
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) console.error(`${error.message}\nStop the server before moving its data.`);
  else if (error instanceof TargetNotEmptyError || error instanceof VerifyError || error instanceof ConfigError) {
    console.error(error.message);
  } else console.error(error);
  process.exit(1);
});
