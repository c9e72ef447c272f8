// The header's menus and the form's selects come as stand-ins; their code comes at the first touch
// (components/floating-parts-loader.ts). When it comes between the press and the release of a click
// or a tap, the stand-in is replaced under the pointer and the release lands on a new element: the
// press alone must say what was asked for (a race seen once in CI, for the language menu).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { field, login, storeSession } from './support/helpers.js';

/** A new page whose floating parts' code arrives only when the returned function is called. */
async function heldPage(width: number) {
  const { page, context } = await newPage({ width, height: 800 });
  let arrive!: () => void;
  const arrival = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(/\/assets\/floating-parts-[\w-]+\.js$/, async (route) => {
    await arrival;
    await route.continue();
  });
  return { page, context, arrive };
}

/** Until the floating parts' code has loaded and React has had two frames to put it in place. */
async function partsInPlace(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((e) => /floating-parts-/.test(e.name) && (e as PerformanceResourceTiming).responseEnd > 0),
      ),
    )
    .toBe(true);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Press `target` with the mouse, let the held code come while the button is down, and release once
 * it is in place: the release lands on the element that replaced the stand-in.
 */
async function pressAsCodeArrives(page: Page, target: Locator, arrive: () => void) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the pressed element is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  arrive();
  await partsInPlace(page);
  await page.mouse.up();
}

describe('a press while the code of menus and selects arrives', { timeout: 120_000 }, () => {
  it('opens the language menu, and it stays open', async () => {
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const { page, context, arrive } = await heldPage(1366);
    await storeSession(page, { token, email: E2E_ADMIN.email, roles: 'admin', language: 'en' });
    await page.goto('/');
    await pressAsCodeArrives(page, page.getByRole('button', { name: /^Language/ }), arrive);
    await page.getByRole('menuitem', { name: 'فارسی FA' }).waitFor({ timeout: 5_000 });
    await page.waitForTimeout(300);
    await expect(page.getByRole('menuitem', { name: 'فارسی FA' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
  it("opens a select's list, in Persian at 375 px", async () => {
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const { page, context, arrive } = await heldPage(375);
    await storeSession(page, { token, email: E2E_ADMIN.email, roles: 'admin', language: 'fa' });
    await page.goto('/tna/create');
    await page.locator('#tna-line-priority').waitFor();
    const province = field(page, 'perminent_province_id');
    await pressAsCodeArrives(page, province, arrive);
    await expect.poll(() => province.getAttribute('aria-expanded')).toBe('true');
    await page.waitForTimeout(300);
    await expect(province.getAttribute('aria-expanded')).resolves.toBe('true');
    await context.close();
  });
});
