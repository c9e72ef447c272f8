// npm run main-thread -w @tna/bench: how long the main thread works while a signed-in page opens on a
// first visit, with the CPU slowed 4x (a low-end phone), from a CPU profile (CDP Profiler): the busy
// time over the first MT_SECONDS (10), and where it went by script. Long tasks (long-tasks.ts) and
// Lighthouse's TBT count only tasks over 50 ms; a page whose work is cut into short tasks can still
// keep a phone's CPU busy for seconds, and this is what shows it. Two runs a page by default.
// Starts the app on an empty data folder unless LH_BASE_URL points at a running one. Not part of npm test.
import { machineSpeed, startApp } from './app.js';
import { BENCH_APP_ADMIN, firstVisit, openChromium, signIn } from './browser.js';

const RUNS = Number(process.env.MT_RUNS ?? 2);
const SECONDS = Number(process.env.MT_SECONDS ?? 10);
const PAGES = (process.env.MT_PAGES ?? '/,/tna/create,/tna/validate').split(',');

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Busy milliseconds, and milliseconds by script file (hash left out), of a CPU profile. */
function summarise(profile: Profile): { busy: number; byScript: Map<string, number> } {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byScript = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id)!;
    if (frame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    busy += ms;
    const script = frame.url
      ? frame.url
          .split('/')
          .pop()!
          .replace(/-[\w-]{8}\.js$/, '.js')
      : frame.functionName;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  });
  return { busy, byScript };
}

console.log(await machineSpeed());
const app = await startApp(BENCH_APP_ADMIN, process.env.LH_BASE_URL);
const session = await signIn(app.base);
const chromium = await openChromium();
console.log(`| page | run | main thread busy in ${SECONDS} s (ms) | the most, by script (ms) |`);
console.log('|---|---:|---:|---|');
try {
  for (const target of PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const { context, page, cdp } = await firstVisit(chromium.browser, app.base, session);
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${app.base}${target}`);
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      const { profile } = await cdp.send('Profiler.stop');
      const { busy, byScript } = summarise(profile as unknown as Profile);
      const top = [...byScript]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([script, ms]) => `${script} ${Math.round(ms)}`)
        .join(', ');
      console.log(`| ${target} | ${run} | ${Math.round(busy)} | ${top} |`);
      await context.close();
    }
  }
} finally {
  await chromium.close();
  await app.stop();
}
