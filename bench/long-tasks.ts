// npm run long-tasks -w @tna/bench: the main thread's long tasks (over 50 ms) while a signed-in page
// opens on a first visit, with the CPU slowed 4x (a low-end phone), as the browser's Long Tasks API
// reports them; three runs a page. Lighthouse's TBT moves by a second from run to run on these
// machines; this says which tasks there were, in order, so that one task's change can be seen.
// Starts the app on an empty data folder unless LH_BASE_URL points at a running one (LH_EMAIL and
// LH_PASSWORD are then an admin's). Not part of npm test.
import { machineSpeed, startApp } from './app.js';
import { BENCH_APP_ADMIN, firstVisit, openChromium, signIn } from './browser.js';

const RUNS = Number(process.env.LT_RUNS ?? 3);
const PAGES = (process.env.LT_PAGES ?? '/,/tna/create,/tna/validate').split(',');

console.log(await machineSpeed());
const app = await startApp(BENCH_APP_ADMIN, process.env.LH_BASE_URL);
const base = app.base;
const session = await signIn(base);
const chromium = await openChromium();
console.log('| page | run | first paint | long tasks: start+duration ms, first six | count | sum over 50 ms |');
console.log('|---|---:|---:|---|---:|---:|');
try {
  for (const target of PAGES) {
    for (let run = 1; run <= RUNS; run++) {
      const { context, page } = await firstVisit(chromium.browser, base, session);
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
      await page.evaluateOnNewDocument(() => {
        const seen: number[][] = [];
        (globalThis as unknown as { longTasks: number[][] }).longTasks = seen;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) seen.push([Math.round(e.startTime), Math.round(e.duration)]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${base}${target}`);
      await new Promise((r) => setTimeout(r, 12_000));
      const tasks = (await page.evaluate(() => (globalThis as unknown as { longTasks: number[][] }).longTasks)) as [
        number,
        number,
      ][];
      const paint = await page.evaluate(() =>
        Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      );
      const over = tasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      const first = tasks
        .slice(0, 6)
        .map(([s, d]) => `${s}+${d}`)
        .join(', ');
      console.log(`| ${target} | ${run} | ${paint} | ${first} | ${tasks.length} | ${over} |`);
      await context.close();
    }
  }
} finally {
  await chromium.close();
  await app.stop();
}
