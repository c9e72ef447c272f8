// What the browser benchmarks share besides the app (app.ts): the admin they sign in as, the
// session the app keeps in localStorage, Debian's Chromium, and a first visit at 4x CPU slowdown
// (BENCH_CPU_RATE to change it; `calibrated` for this host's mid-tier phone, host-speed.ts).
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type BrowserContext, type CDPSession, type Page } from 'puppeteer-core';
import { hostBenchmarkIndex, hostLine, slowdownOf } from './host-speed.js';

/** The admin of the app the benchmarks start (or of the one at LH_BASE_URL, named by LH_EMAIL/LH_PASSWORD). */
export const BENCH_APP_ADMIN = {
  email: process.env.LH_EMAIL ?? 'lighthouse@tna.test',
  password: process.env.LH_PASSWORD ?? 'lh-admin-pass-1',
};

/** What POST /api/login answers, and the app keeps in localStorage (SPEC 3). */
export interface Session {
  token: string;
  email: string;
  roles: string;
}

export async function signIn(base: string, admin = BENCH_APP_ADMIN): Promise<Session> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  return ((await res.json()) as { success: Session }).success;
}

/** Debian's Chromium, headless (CHROMIUM_PATH to change), and puppeteer connected to it. */
export async function openChromium(): Promise<{ browser: Browser; port: number; close: () => Promise<void> }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    browser,
    port: chrome.port,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/**
 * A page on the app's origin with `session` signed in and nothing else: a context of its own (an
 * empty HTTP cache, no service worker: a first visit), the app's scripts not loaded yet, the CPU
 * slowed 4x (a low-end phone).
 */
export async function firstVisit(
  browser: Browser,
  base: string,
  session: Session,
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate((s) => {
    // Runs in the page (this package has no DOM types).
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    storage.setItem('language', 'en');
    storage.setItem('token', s.token);
    storage.setItem('email', s.email);
    storage.setItem('roles', s.roles);
  }, session);
  const cdp = await page.createCDPSession();
  slowdown ??= hostBenchmarkIndex((fn) => page.evaluate(fn)).then((index) => {
    const rate = slowdownOf(process.env.BENCH_CPU_RATE ?? '4', index);
    console.log(`${hostLine(index)}; CPU slowed ${rate}x`);
    return rate;
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: await slowdown });
  return { context, page, cdp };
}

/** The slowdown of every first visit of this run, decided at the first (the host's benchmark runs once). */
let slowdown: Promise<number> | undefined;
