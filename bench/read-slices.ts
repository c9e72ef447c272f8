// The mixed run's reads by the 10 s of the run they ended in. A server just started looks for the
// anchors of its lists and plans its statements on each connection in its first seconds
// (bench/README.md, 2026-12-03, seventh session): the slices show how long that weighs on the reads,
// and the p95 after the first slice is the server as it runs once it knows its lists.
import { percentile } from './lib.js';

const SLICE_MS = 10_000;

export interface SlicedReads {
  /** The reads' p95 in each 10 s of the run; reads that ended after the deadline count in the last. */
  p95BySlice: number[];
  /** The p95 of the reads after the first 10 s. */
  p95AfterFirst: number;
  /** The reads of the first 10 s by kind: what a server just started is slow at. */
  first: Record<string, { n: number; p95: number }>;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export class ReadSlices {
  private readonly slices: number[][] = [];
  private readonly first: Record<string, number[]> = {};
  private start = 0;

  constructor(private readonly seconds: number) {}

  /** The run starts now. */
  begin(): void {
    this.start = performance.now();
  }

  add(kind: string, ms: number): void {
    const last = Math.max(0, Math.ceil((this.seconds * 1000) / SLICE_MS) - 1);
    const slice = Math.min(last, Math.floor((performance.now() - this.start) / SLICE_MS));
    const times = this.slices[slice] ?? [];
    this.slices[slice] = times;
    times.push(ms);
    if (slice === 0) {
      const byKind = this.first[kind] ?? [];
      this.first[kind] = byKind;
      byKind.push(ms);
    }
  }

  summary(): SlicedReads {
    const slices = Array.from(this.slices, (xs) => xs ?? []);
    return {
      p95BySlice: slices.map((xs) => percentile(sorted(xs), 95)),
      p95AfterFirst: percentile(sorted(slices.slice(1).flat()), 95),
      first: Object.fromEntries(
        Object.entries(this.first).map(([k, v]) => [k, { n: v.length, p95: percentile(sorted(v), 95) }]),
      ),
    };
  }
}
