import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export const shotsDir = fileURLToPath(new URL('../artifacts', import.meta.url));

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

/** Debian's Chromium, headless, with no network of its own (this machine has none). */
export async function newPage(
  viewport = { width: 1366, height: 800 },
): Promise<{ page: Page; context: BrowserContext }> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  return { page, context };
}

/**
 * Save a screenshot under e2e/artifacts/ for a person to look at. A full-page screenshot does not
 * scroll, so cards and charts below the screen (content-visibility: auto) are drawn for it.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({
    path: path.join(shotsDir, `${name}.png`),
    fullPage: true,
    style: '* { content-visibility: visible !important; }',
  });
}
