// CPU time of the mixed run's sides from /proc: the server instances, PostgreSQL's processes and this
// load generator, so that a run says where a machine's cores went and what a request cost each side.
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from './lib.js';

/** Clock ticks a second, as /proc counts CPU time (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** User and system CPU seconds of a process so far, from /proc (0 when it is gone or not Linux). */
function processSeconds(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds so far of the server instances, of each of PostgreSQL's processes (every process named
 * `postgres`: backends, writer, WAL writer), and of this load generator.
 */
export function cpuSeconds(servers: Server[]): { servers: number; postgres: Map<number, number>; bench: number } {
  const postgres = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
          postgres.set(Number(entry), processSeconds(Number(entry)));
      } catch {}
    }
  } catch {}
  const own = process.cpuUsage();
  return {
    servers: servers.reduce((sum, s) => sum + (s.child.pid ? processSeconds(s.child.pid) : 0), 0),
    postgres,
    bench: (own.user + own.system) / 1e6,
  };
}

/**
 * PostgreSQL's CPU seconds between two readings, process by process: one that ends between them
 * leaves its time in the run out (autovacuum's workers come and go, so the figure errs low), and one
 * that ended took none of the earlier total with it (a pool's idle connection closed while the other
 * build of a paired comparison ran, mixed-ab.ts: a plain difference of sums went below zero).
 */
export function postgresSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of after) spent += Math.max(0, seconds - (before.get(pid) ?? 0));
  return spent;
}
