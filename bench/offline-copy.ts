// npm run offline-copy -w @tna/bench: how long after a signed-in officer first opens New Assessment
// the device holds its copy of the form's lists (the moment the form works with no network), on an
// emulated slow 4G link (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile
// preset) with the CPU slowed 4x; three runs. Starts the app on an empty data folder unless
// LH_BASE_URL points at a running one (LH_EMAIL and LH_PASSWORD are then an admin's). Not part of
// npm test.
import { machineSpeed, startApp } from './app.js';
import { BENCH_APP_ADMIN, firstVisit, openChromium, signIn } from './browser.js';

const RUNS = Number(process.env.OC_RUNS ?? 3);

console.log(await machineSpeed());
const app = await startApp(BENCH_APP_ADMIN, process.env.LH_BASE_URL);
const base = app.base;
const session = await signIn(base);
const chromium = await openChromium();
try {
  for (let run = 1; run <= RUNS; run++) {
    // No copy on the device yet: a first visit.
    const { context, page, cdp } = await firstVisit(chromium.browser, base, session);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    let requests = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) requests += 1;
    });
    const start = Date.now();
    await page.goto(`${base}/tna/create`);
    // The copy is kept in IndexedDB (lib/offline/reference-store.ts): database tna-offline, store
    // reference, one record a user.
    const kept = () =>
      page.evaluate(
        (owner) =>
          new Promise<boolean>((resolve) => {
            const idb = (globalThis as unknown as { indexedDB: IDBFactory }).indexedDB;
            const open = idb.open('tna-offline');
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve(false);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('reference')) {
                db.close();
                resolve(false);
                return;
              }
              const get = db.transaction('reference').objectStore('reference').get(owner);
              get.onsuccess = () => {
                db.close();
                resolve(get.result !== undefined);
              };
              get.onerror = () => {
                db.close();
                resolve(false);
              };
            };
          }),
        session.email,
      );
    while (!(await kept())) {
      if (Date.now() - start > 120_000) throw new Error('the copy was not kept within two minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `run ${run}: the device's copy kept ${((Date.now() - start) / 1000).toFixed(1)} s after opening, ${requests} API requests by then`,
    );
    await context.close();
  }
} finally {
  await chromium.close();
  await app.stop();
}
