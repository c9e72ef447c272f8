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
 * scroll, so cards and charts below the screen (content-visibility: auto) are drawn for it, and
 * left as they were after. Through each element's style object: an inline stylesheet (Playwright's
 * `style` option) is refused, and reported, by a page whose Content-Security-Policy forbids them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  const drawAll = (on: boolean) =>
    page.evaluate((on) => {
      const marked = 'data-e2e-drawn';
      if (!on) {
        for (const el of document.querySelectorAll<HTMLElement>(`[${marked}]`)) {
          el.style.removeProperty('content-visibility');
          el.removeAttribute(marked);
        }
        return;
      }
      for (const el of document.querySelectorAll<HTMLElement>('body *'))
        if (getComputedStyle(el).contentVisibility === 'auto') {
          el.style.setProperty('content-visibility', 'visible');
          el.setAttribute(marked, '');
        }
    }, on);
  await drawAll(true);
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  await drawAll(false);
}
