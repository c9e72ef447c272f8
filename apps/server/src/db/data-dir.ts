import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Where PGlite keeps its files inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

function lockPath(dataDir: string): string {
  return path.join(dataDir, 'server.lock');
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another TNA server process (pid ${pid}). Stop that process first, or set DATA_DIR to another folder. Two processes on one PGlite folder would corrupt it.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding DATA_DIR's lock, if that process is still running. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(JSON.parse(readFileSync(lockPath(dataDir), 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Take DATA_DIR for this process alone. PGlite cannot share a folder between processes, so a second
 * process refuses to start. A lock left by a process that died (SIGKILL, power cut) is taken over.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string, purpose = 'server'): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder) throw new DataDirLockedError(dataDir, holder);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

/** Files through which `npm run backup` asks a running server for a copy. */
export function backupRequestPath(dataDir: string): string {
  return path.join(dataDir, 'backup-request.json');
}
