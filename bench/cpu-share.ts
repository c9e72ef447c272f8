// How much of a stretch of time this machine's CPUs were not the processes' own: the hypervisor's
// steal (/proc/stat) and the time some runnable task waited for a CPU (/proc/pressure/cpu, PSI).
// Lighthouse's TBT is simulated from a trace taken at full speed; a renderer that is descheduled
// while it records lengthens the tasks the simulation multiplies (bench/README.md, 2026-12-02
// second). Printed beside each run's TBT so a high figure can be told from the page's own work.
// Linux only: elsewhere, and where PSI is off, the figures are NaN.
import { readFileSync } from 'node:fs';

export interface CpuReading {
  /** All CPUs' ticks so far, and the steal among them. */
  ticks: number;
  steal: number;
  /** Microseconds in which at least one runnable task waited for a CPU (PSI's `some total`). */
  waitedUs: number;
  atMs: number;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export function readCpu(): CpuReading {
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice": guest time is already in user.
  const fields = (read('/proc/stat') ?? '').split('\n')[0]?.trim().split(/\s+/).slice(1, 9).map(Number) ?? [];
  const some = /^some .*total=(\d+)/m.exec(read('/proc/pressure/cpu') ?? '');
  return {
    ticks: fields.length === 8 ? fields.reduce((a, b) => a + b, 0) : Number.NaN,
    steal: fields.length === 8 ? fields[7]! : Number.NaN,
    waitedUs: some ? Number(some[1]) : Number.NaN,
    atMs: performance.now(),
  };
}

/** Between two readings: the share of CPU time stolen, and of wall time some task waited, in %. */
export function cpuShare(before: CpuReading, after: CpuReading): { stealPct: number; waitedPct: number } {
  const ticks = after.ticks - before.ticks;
  const wallUs = (after.atMs - before.atMs) * 1000;
  return {
    stealPct: ticks > 0 ? (100 * (after.steal - before.steal)) / ticks : Number.NaN,
    waitedPct: wallUs > 0 ? (100 * (after.waitedUs - before.waitedUs)) / wallUs : Number.NaN,
  };
}
