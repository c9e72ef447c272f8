// How fast a phone a CPU slowdown on this host stands for. Lighthouse's and DevTools' slowdowns are
// relative to the host: on a fast machine of this kind 4x is a faster phone than on a slow one. Every
// Lighthouse run benchmarks its host (benchmarkIndex, "CPU/Memory Power" in its reports), and its
// documentation gives the slowdown that makes a host of a given index emulate its mid-tier phone
// (docs/throttling.md, "Calibrating the CPU slowdown"; bench/README.md, 2026-11-30 ninth).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/**
 * The slowdown that makes a host of `benchmarkIndex` emulate Lighthouse's mid-tier phone: 4x is meant
 * for about 1,533, and Lighthouse warns at 4x on a host below 1,000 (core/gather/driver/environment.js).
 * The points are those of the calculator its documentation links to (lighthouse-cpu-throttling-
 * calculator): 150 = 1x, 800 = 2x, 1,300 = 3x, 1,533 = 4x, then 1x more for each 233. Its table stops
 * at 2,000 and dates from Chrome 86, so above 2,000 this is an extrapolation. Below 150 the host is too
 * slow to emulate the phone at all: NaN.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex >= 150)) return Number.NaN;
  if (benchmarkIndex < 800) return 1 + (benchmarkIndex - 150) / 650;
  if (benchmarkIndex < 1300) return 2 + (benchmarkIndex - 800) / 500;
  return 3 + (benchmarkIndex - 1300) / 233;
}

/**
 * Lighthouse's benchmark of this host, median of three, run in a page through `evaluate` (puppeteer's
 * or Playwright's `page.evaluate`, with the page's CPU not slowed).
 */
export async function hostBenchmarkIndex(evaluate: (fn: () => number) => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 3; i++) values.push(await evaluate(pageFunctions.computeBenchmarkIndex));
  return values.sort((a, b) => a - b)[1]!;
}

/**
 * The slowdown a setting asks for: a number, or `calibrated` (this host's, to a tenth). Throws on
 * anything else, or on a host too slow to calibrate.
 */
export function slowdownOf(setting: string, benchmarkIndex: number): number {
  const slowdown =
    setting === 'calibrated' ? Math.round(calibratedSlowdown(benchmarkIndex) * 10) / 10 : Number(setting);
  if (!Number.isFinite(slowdown) || slowdown <= 0)
    throw new Error(`CPU slowdown "${setting}": no slowdown (host benchmarkIndex ${Math.round(benchmarkIndex)})`);
  return slowdown;
}

/** One line for a bench's output: the host's index and the slowdown that stands for the phone here. */
export function hostLine(benchmarkIndex: number): string {
  return `host benchmarkIndex ${Math.round(benchmarkIndex)}: Lighthouse's mid-tier phone is ${calibratedSlowdown(benchmarkIndex).toFixed(1)}x here${benchmarkIndex <= 1000 ? ' (Lighthouse warns at 4x on a host below 1,000)' : ''}`;
}
