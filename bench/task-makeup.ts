// npm run task-makeup -w @tna/bench: what a signed-in page's long tasks are made of, on a first visit
// with the CPU slowed 4x (a low-end phone). long-tasks.ts says which tasks there were; this says what
// each one did, from a Chromium trace (module evaluation, a React render, a timer, style, layout) and
// a CPU profile (the functions that took the time). For names and source lines, build the app with
// `SOURCEMAP=1 MINIFY=0` first (apps/web/vite.config.ts; delete apps/web/dist/.build-stamp so that the
// start rebuilds it): the profile's frames are then mapped back to the sources.
// TM_PAGES (default "/,/tna/create,/tna/validate"), TM_RUNS (3), TM_TOP (8 functions a task), TM_LONG
// (50: the shortest task shown, in ms), BENCH_CPU_RATE (4: the slowdown; 1 shows the tasks Lighthouse's
// simulation multiplies by 4). Counts only tasks after the first paint, as Lighthouse's Total Blocking
// Time does. Not part of npm test.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { machineSpeed, startApp } from './app.js';
import { BENCH_APP_ADMIN, firstVisit, openChromium, signIn } from './browser.js';

const PAGES = (process.env.TM_PAGES ?? '/,/tna/create,/tna/validate').split(',');
const RUNS = Number(process.env.TM_RUNS ?? 3);
const TOP = Number(process.env.TM_TOP ?? 8);
const DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { documentLoaderURL?: string; navigationId?: string } };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

// What a task's time went to, by the trace events inside it.
const KINDS: Record<string, string> = {
  'v8.evaluateModule': 'module evaluation',
  FunctionCall: 'script',
  TimerFire: 'timer',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  ParseHTML: 'HTML',
  EventDispatch: 'event',
};

const maps = new Map<string, TraceMap | null>();
/** `source:function` of a profile frame, through the build's source map when it has one. */
function frameName(frame: CallFrame): string {
  if (!frame.url) return frame.functionName || '(native)';
  const file = new URL(frame.url).pathname;
  if (!maps.has(file)) {
    const map = path.join(DIST, `${file}.map`);
    maps.set(file, existsSync(map) ? new TraceMap(readFileSync(map, 'utf8')) : null);
  }
  const map = maps.get(file);
  const short = file.split('/').pop()!;
  if (!map) return `${short}:${frame.functionName || '(top level)'}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? short).replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
  return `${source}:${at.name ?? (frame.functionName || '(top level)')}`;
}

// TM_PHASES="commitRoot,flushPassiveEffects,...": for each task, the time in samples whose stack holds
// each of these functions (inclusive time; names as the unminified build has them): which of React's
// phases, say, a long task spent its time in.
const PHASES = (process.env.TM_PHASES ?? '').split(',').filter(Boolean);
// TM_SCALE (1): each task's time is multiplied by this before the 50 ms are taken off, as Lighthouse's
// simulation does with its CPU slowdown. With BENCH_CPU_RATE=1 TM_LONG=10 TM_SCALE=8, the sum is near
// what Lighthouse's Total Blocking Time at LH_CPU_SLOWDOWN=8 counts (it leaves out tasks under 10 ms),
// without its simulated network moving tasks in and out of the window from run to run.
const SCALE = Number(process.env.TM_SCALE ?? 1);
// TM_UNDER=commitHookEffectListMount: for each task, the time by the function each sample's stack
// calls from that one (which effects, say, a task of passive effects ran).
const UNDER = process.env.TM_UNDER;
// TM_PACKAGES=1: besides the long tasks, where all of a page's main-thread time after the first paint
// went (to 7.5 s), by package (react-dom, @mantine/core, i18next...) or the app's folder, averaged over
// the runs: a breakdown earlier sessions made with scratch scripts, to compare builds by their work
// rather than by Lighthouse's widely spread blocking time. "(program)" is the browser's own work
// (style, layout, parsing, compiling).
const PACKAGES = process.env.TM_PACKAGES === '1';

/** The package of a `source:function` name (frameName), or the app's folder for its own sources. */
function packageOf(name: string): string {
  const colon = name.lastIndexOf(':');
  // The browser's own work and its built-in functions (appendChild, setTimeout) have no source.
  if (colon <= 0) return name;
  const source = name.slice(0, colon);
  if (source.startsWith('src/')) return `app: ${source.split('/').slice(1, -1).join('/') || source}`;
  const parts = source.split('/');
  if (parts.length > 1) return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return `${source} (a chunk without a source map)`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(await machineSpeed());
const app = await startApp(BENCH_APP_ADMIN, process.env.LH_BASE_URL);
const session = await signIn(app.base);
const chromium = await openChromium();
try {
  for (const target of PAGES) {
    const blocking: number[] = [];
    const byPackage = new Map<string, number>();
    for (let run = 1; run <= RUNS; run++) {
      const { context, page, cdp } = await firstVisit(chromium.browser, app.base, session);
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
      const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'loading',
            'blink.user_timing',
          ],
        },
      });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${app.base}${target}`);
      await new Promise((r) => setTimeout(r, 8_000));
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await cdp.send('Tracing.end');
      await traced;
      await context.close();

      const nav = events.find(
        (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === `${app.base}${target}`,
      );
      const paint = events.find(
        (e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === nav?.args?.data?.navigationId,
      );
      if (!nav || !paint) throw new Error(`${target}: no navigation or first paint in the trace`);
      const thread = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X');
      // To 7.5 s of the 8 waited: ending the trace is a long task of its own.
      const long = thread.filter(
        (e) =>
          e.name === 'RunTask' &&
          e.ts >= paint.ts &&
          e.ts < nav.ts + 7_500_000 &&
          (e.dur ?? 0) >= Number(process.env.TM_LONG ?? 50) * 1000,
      );

      // The profile's samples, with the time each stands for.
      const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
      const parents = new Map<number, number>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
      /** The frame that `caller` (the innermost of that name) called on a sample's stack. */
      const calledFrom = (id: number | undefined, caller: string): string | undefined => {
        for (let below: number | undefined; id !== undefined; below = id, id = parents.get(id))
          if (frames.get(id)?.functionName === caller)
            return below === undefined ? undefined : frameName(frames.get(below)!);
        return undefined;
      };
      /** The functions of PHASES on a sample's stack. */
      const phasesOf = (id: number | undefined, found = new Set<string>()): Set<string> => {
        for (; id !== undefined; id = parents.get(id)) {
          const name = frames.get(id)?.functionName ?? '';
          if (PHASES.includes(name)) found.add(name);
        }
        return found;
      };
      let at = profile.startTime;
      const samples = profile.samples.map((id, i) => {
        at += profile.timeDeltas[i] ?? 0;
        return { at, id, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 };
      });

      if (PACKAGES) {
        for (const s of samples) {
          if (s.at < paint.ts || s.at > nav.ts + 7_500_000) continue;
          const name = frameName(frames.get(s.id)!);
          if (name === '(idle)') continue;
          const key = packageOf(name);
          byPackage.set(key, (byPackage.get(key) ?? 0) + s.ms / RUNS);
        }
      }
      let over = 0;
      console.log(`\n${target}, run ${run}: first paint at ${Math.round((paint.ts - nav.ts) / 1000)} ms`);
      for (const task of long) {
        const end = task.ts + (task.dur ?? 0);
        over += Math.max(0, ((task.dur ?? 0) / 1000) * SCALE - 50);
        const kinds = new Map<string, number>();
        for (const e of thread) {
          const kind = KINDS[e.name];
          if (kind && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
            kinds.set(kind, (kinds.get(kind) ?? 0) + (e.dur ?? 0) / 1000);
        }
        const self = new Map<string, number>();
        const phases = new Map<string, number>();
        const under = new Map<string, number>();
        for (const s of samples) {
          if (s.at < task.ts || s.at > end) continue;
          for (const phase of phasesOf(s.id)) phases.set(phase, (phases.get(phase) ?? 0) + s.ms);
          const callee = UNDER ? calledFrom(s.id, UNDER) : undefined;
          if (callee) under.set(callee, (under.get(callee) ?? 0) + s.ms);
          const name = frameName(frames.get(s.id)!);
          if (name !== '(idle)') self.set(name, (self.get(name) ?? 0) + s.ms);
        }
        const list = (m: Map<string, number>, n: number) =>
          [...m]
            .sort((a, b) => b[1] - a[1])
            .slice(0, n)
            .map(([k, v]) => `${k} ${Math.round(v)}`)
            .join(', ');
        console.log(
          `  at ${Math.round((task.ts - nav.ts) / 1000)} ms, ${Math.round((task.dur ?? 0) / 1000)} ms: ${list(kinds, 3)}`,
        );
        console.log(`    most time in: ${list(self, TOP)}`);
        if (PHASES.length) console.log(`    in: ${list(phases, PHASES.length)}`);
        if (UNDER) console.log(`    called from ${UNDER}: ${list(under, TOP)}`);
      }
      console.log(`  each x${SCALE} less 50 ms, summed: ${Math.round(over)} ms`);
      blocking.push(over);
    }
    if (PACKAGES) {
      const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
      console.log(
        `\n${target}: main-thread time after the first paint, by package, ms a visit (of ${Math.round(total)}):`,
      );
      for (const [key, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20))
        console.log(`  ${key} ${ms.toFixed(1)}`);
    }
    console.log(
      `\n${target}: each task x${SCALE} less 50 ms, summed, median of ${RUNS} runs: ${Math.round(median(blocking))} ms`,
    );
  }
} finally {
  await chromium.close();
  await app.stop();
}
