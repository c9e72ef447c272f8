// Loaded into each bench server with --import (lib.ts). Once a second it appends to
// BENCH_EVENT_LOOP_FILE how long the server's one thread has been busy so far (event-loop
// utilisation: running JavaScript or native work, or ready to and waiting for a core) and how late
// its timers ran in that second, and (Linux) how long the thread has run on a core and waited in a
// run queue for one. In the mixed run the server used 0.73 of a core while its thread was busy all
// of the run: CPU time alone does not say that requests queue for the thread.
import { appendFileSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
/** How often the delay histogram's timer is due, in ms: what it records past that is the lateness. */
const RESOLUTION_MS = 10;

if (file) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const late = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  // The main thread's scheduler figures, ns so far: on a core, and ready to run but waiting for one.
  const sched = () => {
    try {
      const [ran, waited] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
      return { ran, waited };
    } catch {
      return {};
    }
  };
  setInterval(() => {
    const { idle, active } = performance.eventLoopUtilization();
    const line = {
      t: Date.now(),
      idle,
      active,
      ...sched(),
      p50: late(delay.percentile(50)),
      p99: late(delay.percentile(99)),
    };
    appendFileSync(file, `${JSON.stringify({ ...line, max: late(delay.max) })}\n`);
    delay.reset();
  }, 1000).unref();
}
