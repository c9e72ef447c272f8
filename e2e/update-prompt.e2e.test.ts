// A new deployment reaches a tab that is open (issue 14 §3): the service worker of the new build
// installs beside the old one and waits; the tab says "A new version is available" and keeps running
// the version it started with until the user chooses Reload, which activates the new worker.
//
// The new deployment is the built service worker changed on disk (one comment more, and its
// precompressed twins written again), as copying a new build over the old one changes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { signIn } from './support/helpers.js';

const worker = fileURLToPath(new URL('../apps/web/dist/sw.js', import.meta.url));
const original = readFileSync(worker);

/** Writes the worker and the .gz/.br the server prefers to send, as the build does. */
function deploy(content: Buffer): void {
  writeFileSync(worker, content);
  writeFileSync(`${worker}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${worker}.br`, brotliCompressSync(content));
}

/** The script URL of the worker in each state, as the page's registration sees them. */
const workers = (p: Page) =>
  p.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { active: Boolean(registration?.active), waiting: Boolean(registration?.waiting) };
  });

let context: BrowserContext;
let page: Page;

describe('a new version, while the app is open', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    ({ page, context } = await newPage({ width: 375, height: 800 }));
  });

  afterAll(async () => {
    deploy(original);
    await context?.close();
  });

  it('is offered with Reload, and only taken when the user chooses it', async () => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => workers(page)).toEqual({ active: true, waiting: false });
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);

    deploy(Buffer.concat([original, Buffer.from('\n// the next deployment\n')]));
    // A navigation makes the browser look for a new worker (the app also asks hourly and on reconnect).
    await page.reload();
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByText('A new version is available.').waitFor({ timeout: 30_000 });
    // Installed and waiting: the open tab still runs on the old worker.
    expect(await workers(page)).toEqual({ active: true, waiting: true });
    await screenshot(page, 'update-prompt-en-375');

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => workers(page)).toEqual({ active: true, waiting: false });
    await expect(page.getByTestId('update-prompt').count()).resolves.toBe(0);
  });
});
