// npm run lighthouse -w @tna/bench: Lighthouse (mobile emulation: a mid-range phone, 4x CPU slowdown,
// slow 4G) on the login page, the dashboard, the New Assessment form and the Validation list, three
// runs each; prints the median performance and accessibility scores, LCP, TBT and the JavaScript the
// page loads (gzip bytes, as the issue measured, and what this server actually sent: brotli), the
// boot script written into the page included.
// Starts the app on an empty data folder unless LH_BASE_URL points at a running one (then LH_EMAIL and
// LH_PASSWORD are an admin's). Uses Debian's Chromium (CHROMIUM_PATH to change). Not part of npm test.
//
// Lighthouse is pinned to 12.8.2: Lighthouse 13 needs Node 22.19, this project runs on Node 20.20.
// Both score performance from the same metrics and weights.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { machineSpeed, startApp } from './app.js';
import { BENCH_APP_ADMIN, openChromium, signIn } from './browser.js';
import { cpuShare, readCpu } from './cpu-share.js';
import { calibratedSlowdown, hostBenchmarkIndex, slowdownOf } from './host-speed.js';

const RUNS = Number(process.env.LH_RUNS ?? 3);

const ALL_PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/', signedIn: true },
  { name: 'new assessment', path: '/tna/create', signedIn: true },
  { name: 'validation list', path: '/tna/validate', signedIn: true },
];
// LH_PAGES="new assessment,login" runs only those; LH_REPORTS=dir keeps each run's full report (JSON)
// there, with its trace (.trace.json: the unslowed tasks the simulation multiplied), to read what the
// largest paint was and which tasks blocked.
const PAGES = process.env.LH_PAGES
  ? ALL_PAGES.filter((p) => process.env.LH_PAGES!.split(',').includes(p.name))
  : ALL_PAGES;
const REPORTS = process.env.LH_REPORTS;
// LH_CPU_SLOWDOWN (default 4, Lighthouse's mobile setting): the CPU slowdown Lighthouse applies to
// what it measured. 8 on a machine twice as fast as the slowest of this kind (machine speed below:
// PBKDF2 about 150 against 300 ms) gives the figures 4 would give there. (Slowing the browser itself
// with bench/slow-machine.sh does not: throttled in time slices, its every thread, and Lighthouse's,
// stalls, and runs fail with no figures.)
// LH_CPU_SLOWDOWN=calibrated: the slowdown Lighthouse's documentation gives for this host (host-speed.ts),
// so that the runs stand for the same mid-tier phone on a fast or a slow machine.
const CPU_SLOWDOWN_SETTING = process.env.LH_CPU_SLOWDOWN ?? '4';

/**
 * The bytes of a script as a client that accepts `encoding` gets it from this server (its .gz or .br
 * beside the file); for gzip, the file gzipped when the server sent it plain.
 */
function encodedBytes(url: string, encoding: 'gzip' | 'br'): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const sent = res.headers['content-encoding'] === encoding;
          resolve(sent || encoding === 'br' ? body.length : gzipSync(body, { level: 9 }).length);
        });
      })
      .on('error', reject);
  });
}

/**
 * The inline scripts of the page at `url` (boot.js, which the build writes into index.html), compressed
 * alone as if they were files: they are script the page loads, and count against its budget.
 */
async function inlineScriptBytes(url: string, encoding: 'gzip' | 'br'): Promise<number> {
  const html = await (await fetch(url)).text();
  return Array.from(html.matchAll(/<script>([\s\S]*?)<\/script>/g), ([, code]) =>
    encoding === 'gzip' ? gzipSync(code!, { level: 9 }).length : brotliCompressSync(code!).length,
  ).reduce((a, b) => a + b, 0);
}

/** The median of the runs that measured it: a run Lighthouse could not measure is said, not averaged in. */
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : Number.NaN;
};

interface RunFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  jsBrotliBytes: number;
  jsGzipBytes: number;
  benchmarkIndex: number;
  /** Over the run: the CPU time the hypervisor stole, and the wall time some task waited for a CPU (%). */
  stealPct: number;
  waitedPct: number;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

async function main() {
  const app = process.env.LH_BASE_URL ? null : await startApp(BENCH_APP_ADMIN);
  const base = process.env.LH_BASE_URL ?? app!.base;
  const session = await signIn(base);

  const chromium = await openChromium();
  const { browser } = chromium;
  const results: { name: string; runs: RunFigures[] }[] = [];
  const probe = await browser.newPage();
  const hostIndex = await hostBenchmarkIndex((fn) => probe.evaluate(fn));
  await probe.close();
  const CPU_SLOWDOWN = slowdownOf(CPU_SLOWDOWN_SETTING, hostIndex);
  try {
    for (const target of PAGES) {
      const runs: RunFigures[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A context of its own per run: an empty HTTP cache for certain. (Network.clearBrowserCache
        // on the page's session left the scripts in Chromium's cache: most runs measured a second
        // visit, with 0 bytes of script sent, until 2026-11-24.)
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        // The session lives in localStorage (SPEC 3): set it on the origin, then keep storage between
        // the two navigations, but start every run with an empty HTTP cache (a first visit).
        // On the origin without loading the app: its scripts would stay in the page's memory cache.
        await page.goto(`${base}/api/health`);
        await page.evaluate(
          (s, signedIn) => {
            // Runs in the page (this package has no DOM types).
            const localStorage = (
              globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }
            ).localStorage;
            localStorage.clear();
            localStorage.setItem('language', 'en');
            if (signedIn) {
              localStorage.setItem('token', s.token);
              localStorage.setItem('email', s.email);
              localStorage.setItem('roles', s.roles);
            }
          },
          session,
          target.signedIn,
        );
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // A first visit: the service worker installed by the previous run would serve every script
        // from its cache (0 bytes sent), so it and its caches go; the session in localStorage stays.
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
        const cpuBefore = readCpu();
        const result = await lighthouse(
          `${base}${target.path}`,
          { port: chromium.port, output: 'json', logLevel: 'error', disableStorageReset: true },
          {
            extends: 'lighthouse:default',
            settings: {
              onlyCategories: ['performance', 'accessibility'],
              throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
            },
          },
          page,
        );
        const cpu = cpuShare(cpuBefore, readCpu());
        await context.close();
        const lhr = result!.lhr;
        const sent = (
          (lhr.audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] } | undefined)
            ?.items ?? []
        ).find((i) => /\/assets\/index-.*\.js$/.test(i.url))?.transferSize;
        if (!sent) console.log(`  ${target.name}: run ${run + 1} got the app from a cache (a second visit)`);
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(path.join(REPORTS, `${target.name.replace(/ /g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
          // The trace too: which tasks of the unslowed load the simulation multiplied (bench/README.md).
          const trace = (result!.artifacts as unknown as { Trace?: unknown }).Trace;
          if (trace)
            writeFileSync(
              path.join(REPORTS, `${target.name.replace(/ /g, '-')}-${run + 1}.trace.json`),
              JSON.stringify(trace),
            );
        }
        const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
          []) as NetworkItem[];
        const scripts = items.filter((i) => i.resourceType === 'Script' && i.url.startsWith(base));
        const sum = async (encoding: 'gzip' | 'br') =>
          (await Promise.all(scripts.map((s) => encodedBytes(s.url, encoding)))).reduce((a, b) => a + b, 0) +
          (await inlineScriptBytes(`${base}${target.path}`, encoding));
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          jsBrotliBytes: await sum('br'),
          jsGzipBytes: await sum('gzip'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          ...cpu,
        });
        for (const id of ['largest-contentful-paint', 'total-blocking-time']) {
          const audit = lhr.audits[id];
          if (audit?.numericValue === undefined)
            console.log(
              `  ${target.name}, run ${run + 1}: no ${id} (${audit?.errorMessage ?? lhr.runtimeError?.message ?? 'no reason given'}); its median is of the other runs`,
            );
        }
        const failed = Object.values(lhr.audits).filter(
          (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
        );
        if (run === 0 && failed.length)
          console.log(`  ${target.name}: accessibility audits below 1: ${failed.map((a) => a.id).join(', ')}`);
      }
      results.push({ name: target.name, runs });
    }
  } finally {
    await chromium.close();
    await app?.stop();
  }

  // One decimal: the targets (150 and 200 KiB) are limits a rounded figure could hide a step over.
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`\n${await machineSpeed()}`);
  // The host's benchmark beside the login rate: Lighthouse's CPU slowdown is relative to the host, so
  // a slow machine's 4x emulates a slower phone than a fast machine's (bench/README.md, 2026-11-30 ninth).
  const runIndexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex));
  console.log(
    `host benchmarkIndex ${Math.round(hostIndex)} before the runs, ${Math.round(median(runIndexes))} (median; ${Math.round(Math.min(...runIndexes))}-${Math.round(Math.max(...runIndexes))}) in them; Lighthouse's mid-tier phone from this host: ${calibratedSlowdown(hostIndex).toFixed(1)}x${hostIndex <= 1000 ? ' (Lighthouse warns at 4x on a host below 1,000)' : ''}`,
  );
  console.log(`\nLighthouse ${RUNS} runs each, mobile emulation, CPU ${CPU_SLOWDOWN}x, medians (${base})`);
  // Each run's TBT beside the median: on a slow machine one build's runs spread over 2x (228-486 ms on
  // the dashboard, 2026-11-29), so a difference between two medians of 3 runs says little.
  // Each run's TBT with what the machine took from it (cpu-share.ts): steal % / CPU waited %.
  console.log('| page | perf | a11y | LCP | TBT | TBT of each run (steal % / CPU waited %) | JS gzip | JS sent (br) |');
  console.log('|---|---|---|---|---|---|---|---|');
  const pct = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');
  for (const { name, runs } of results) {
    const m = (key: keyof RunFigures) => median(runs.map((r) => r[key]));
    console.log(
      `| ${name} | ${m('performance')} | ${m('accessibility')} | ${(m('lcpMs') / 1000).toFixed(1)} s | ${Math.round(
        m('tbtMs'),
      )} ms | ${runs.map((r) => `${Number.isFinite(r.tbtMs) ? Math.round(r.tbtMs) : '-'} (${pct(r.stealPct)} / ${pct(r.waitedPct)})`).join(', ')} | ${kib(m('jsGzipBytes'))} | ${kib(m('jsBrotliBytes'))} |`,
    );
  }
}

await main();
