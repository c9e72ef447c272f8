// How the mixed run (mixed.ts, issue 12 §3) is printed: latencies, throughput, what each side's CPU
// cost a request, and whether requests queued for a server's one thread.
import { availableParallelism } from 'node:os';
import { CONNECTIONS, eventLoopText } from './lib.js';
import type { MixedResult } from './mixed.js';

export function printMixed(r: MixedResult) {
  console.log(
    `\nmixed run on ${r.instances} instance${r.instances > 1 ? 's' : ''} (${CONNECTIONS} connections, ${r.seconds.toFixed(0)} s): ` +
      `${r.reads.toLocaleString('en')} reads p50 ${r.readP50.toFixed(1)} ms, p95 ${r.readP95.toFixed(1)} ms ` +
      `(${Object.entries(r.byRead)
        .map(([k, v]) => `${k} ${v.n} p95 ${v.p95.toFixed(1)} ms`)
        .join(', ')}); ` +
      `${r.writes.toLocaleString('en')} writes p50 ${r.writeP50.toFixed(1)} ms, p95 ${r.writeP95.toFixed(1)} ms ` +
      `(${Object.entries(r.byWrite)
        .map(([k, v]) => `${k} ${v.n} p95 ${v.p95.toFixed(1)} ms`)
        .join(', ')}); ${((r.reads + r.writes) / r.seconds).toFixed(0)} req/s; ` +
      `5xx ${r.status5xx}, 4xx ${r.status4xx}; server peak ${r.peakRssMb.map((m) => `${m.toFixed(0)} MB`).join(' / ')}; ` +
      `${r.acknowledged} acknowledged writes, ${r.missing.length} missing afterwards${r.missing.length ? `: ${r.missing.slice(0, 5).join(', ')}` : ''}`,
  );
  const sliced = r.slices;
  console.log(
    `  reads p95 by 10 s of the run: ${sliced.p95BySlice.map((p) => p.toFixed(1)).join(' / ')} ms; ` +
      `after the first 10 s ${sliced.p95AfterFirst.toFixed(1)} ms; the first 10 s: ${Object.entries(sliced.first)
        .map(([k, v]) => `${k} ${v.n} p95 ${v.p95.toFixed(1)} ms`)
        .join(', ')}`,
  );
  // What each request cost in CPU, to compare builds across machines' drift: a faster minute serves
  // more requests, but each costs the same.
  const perRequest = (cores: number) => ((cores * 1000) / ((r.reads + r.writes) / r.seconds)).toFixed(2);
  console.log(
    `  CPU: server${r.instances > 1 ? 's' : ''} ${r.cores.servers.toFixed(2)} cores (${perRequest(r.cores.servers)} ms a request), ` +
      `PostgreSQL ${r.cores.postgres.toFixed(2)} cores (${perRequest(r.cores.postgres)} ms), ` +
      `this load generator ${r.cores.bench.toFixed(2)}, of ${availableParallelism()}`,
  );
  // The thread busy nearly all of the run while its CPU time is well under a core: it was ready to run
  // and waiting for a core, and requests queued behind it (bench/README.md, 2026-12-02, third).
  console.log(`  event loop: ${r.eventLoops.map(eventLoopText).join('; ')}`);
  const late = r.clientLate;
  console.log(
    `  this load generator's timers late p50 ${late.p50.toFixed(1)} / p99 ${late.p99.toFixed(1)} / max ${late.max.toFixed(1)} ms (in every latency above)`,
  );
}
