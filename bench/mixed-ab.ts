// Two builds of the server compared under the mixed run (issue 12 §3) in paired slices:
// `BENCH_MIXED_AB=apps/server/dist-b/server.js` starts the build as it is (A) and that copy (B), one
// instance each on the same database, and gives them the mixed load in turn, BENCH_MIXED_ROUNDS
// rounds (default 6) of BENCH_MIXED_DURATION seconds each, in the order AB BA AB ... so that a trend
// in the machine's speed falls on both alike.
//
// Why: these machines drift. The same build ran the mixed load at 799 and at 1,153 requests a second
// ten minutes apart (bench/README.md, 2026-12-03, fourth session), ten times what a change of a round
// trip a write could save, so builds run one after the other could not be told apart. Side by side,
// slice by slice, each pair sees the same minute of the machine; the median of the pairs' differences
// says which build is cheaper.
import { availableParallelism } from 'node:os';
import { Server } from './lib.js';
import type { MixedResult } from './mixed.js';

const ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? 6);

/** What a slice is compared by. */
interface Slice {
  rps: number;
  readP95: number;
  writeP95: number;
  /** Server and PostgreSQL CPU a request, ms. */
  serverMs: number;
  postgresMs: number;
  failed: number;
}

function sliceOf(r: MixedResult): Slice {
  const rps = (r.reads + r.writes) / r.seconds;
  return {
    rps,
    readP95: r.readP95,
    writeP95: r.writeP95,
    serverMs: (r.cores.servers * 1000) / rps,
    postgresMs: (r.cores.postgres * 1000) / rps,
    failed: r.status5xx + r.missing.length,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const text = (s: Slice) =>
  `${s.rps.toFixed(0)} req/s, reads p95 ${s.readP95.toFixed(1)} ms, writes p95 ${s.writeP95.toFixed(1)} ms, ` +
  `CPU a request: server ${s.serverMs.toFixed(3)} ms, PostgreSQL ${s.postgresMs.toFixed(3)} ms` +
  (s.failed ? `, ${s.failed} 5xx or missing writes` : '');

/** Runs the paired slices; `run` gives one slice of the mixed load on the servers it is handed. */
export async function compareBuilds(
  databaseUrl: string,
  scriptB: string,
  run: (servers: Server[]) => Promise<MixedResult>,
): Promise<void> {
  const a = new Server();
  const b = new Server();
  await a.start(databaseUrl);
  await b.start(databaseUrl, {}, scriptB);
  const pairs: { a: Slice; b: Slice }[] = [];
  try {
    // A server's first slice is slower (its code not yet optimised, its caches and anchors empty): one
    // each first, not counted. Without it the build that ran first lost its first pair by a fifth.
    for (const [name, server] of [
      ['A', a],
      ['B', b],
    ] as const)
      console.log(`  warm-up, ${name}: ${text(sliceOf(await run([server])))}`);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['b', 'a'] : ['a', 'b'];
      const pair: Partial<Record<'a' | 'b', Slice>> = {};
      for (const which of order as ('a' | 'b')[]) {
        const slice = sliceOf(await run([which === 'a' ? a : b]));
        pair[which] = slice;
        console.log(`  round ${round + 1}, ${which === 'a' ? 'A (as it is)' : `B (${scriptB})`}: ${text(slice)}`);
      }
      pairs.push(pair as { a: Slice; b: Slice });
    }
  } finally {
    await a.stop();
    await b.stop();
  }
  const diff = (k: keyof Slice) => median(pairs.map((p) => p.b[k] - p.a[k]));
  const better = (k: keyof Slice) => pairs.filter((p) => p.b[k] < p.a[k]).length;
  console.log(
    `\nB against A over ${pairs.length} pairs (median of the pairs' differences; how many pairs B was lower in), ${availableParallelism()} cores:\n` +
      `  req/s ${diff('rps') >= 0 ? '+' : ''}${diff('rps').toFixed(0)} (${pairs.length - better('rps')} higher)\n` +
      `  reads p95 ${diff('readP95').toFixed(1)} ms (${better('readP95')} lower); writes p95 ${diff('writeP95').toFixed(1)} ms (${better('writeP95')} lower)\n` +
      `  server CPU a request ${diff('serverMs').toFixed(3)} ms (${better('serverMs')} lower); PostgreSQL ${diff('postgresMs').toFixed(3)} ms (${better('postgresMs')} lower)`,
  );
}
