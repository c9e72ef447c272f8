// The menu on a phone (issue 15): a drawer behind the header's menu button, built a few seconds
// after the page settled or at its first opening, never in a first load. What a person relies on:
// the button opens it, its links lead to their pages and close it, Escape closes it, and while closed
// it is not in the keyboard's way. On a desktop the sidebar is there from the start, also after a
// phone-sized window is widened.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { login, storeSession } from './support/helpers.js';

let page: Page;
let close: () => Promise<void>;

const menu = (p: Page, name: string) => p.getByRole('navigation', { name });

/** Every element the Tab key reaches from the top of the page, as tag and accessible text. */
async function tabStops(p: Page, count: number): Promise<string[]> {
  await p.locator('body').focus();
  const stops: string[] = [];
  for (let i = 0; i < count; i++) {
    await p.keyboard.press('Tab');
    stops.push(
      await p.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const inMenu = el.closest('nav[data-shell="navbar"]') ? 'menu: ' : '';
        return `${inMenu}${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
      }),
    );
  }
  // Focus left where it was would show the skip link, which covers the header while it has focus.
  await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return stops;
}

describe('the menu on a phone', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const phone = await newPage({ width: 375, height: 800 });
    page = phone.page;
    close = () => phone.context.close();
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    await storeSession(page, { token, email: E2E_ADMIN.email, roles: 'admin', language: 'fa' });
  });
  afterAll(async () => {
    await close();
  });

  it('opens from the header, leads to a page and closes; while closed the keyboard passes it by', async () => {
    await page.goto('/tna/validate');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const button = page.getByRole('banner').getByRole('button', { name: 'باز و بسته کردن منوی کناری' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect((await tabStops(page, 12)).filter((s) => s.startsWith('menu: '))).toEqual([]);

    await button.click();
    const nav = menu(page, 'منوی اصلی');
    const dashboard = nav.getByRole('link', { name: 'داشبورد' });
    await dashboard.waitFor();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    // Wholly on the screen once it has slid in (from the right, in Persian).
    await page.waitForFunction(() => {
      const box = document.querySelector('nav[data-shell="navbar"]')?.getBoundingClientRect();
      return box && box.right <= window.innerWidth + 1 && box.right >= window.innerWidth - 1;
    });
    await screenshot(page, 'phone-menu-open-fa-375');

    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await page.waitForFunction(() => {
      const box = document.querySelector('nav[data-shell="navbar"]')?.getBoundingClientRect();
      return box && box.left >= window.innerWidth - 1;
    });
    expect((await tabStops(page, 12)).filter((s) => s.startsWith('menu: '))).toEqual([]);

    await button.click();
    await dashboard.click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('built while the page sat idle, it stays closed and out of the way, and opens at a press', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/tna/validate');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Built a few seconds after the page settled, with nobody pressing anything.
    await page.locator('nav[data-shell="navbar"]').waitFor({ state: 'attached', timeout: 20_000 });
    const button = page.getByRole('banner').getByRole('button', { name: 'باز و بسته کردن منوی کناری' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    const offScreen = await page.evaluate(() => {
      const box = document.querySelector('nav[data-shell="navbar"]')!.getBoundingClientRect();
      return box.left >= window.innerWidth - 1;
    });
    expect(offScreen).toBe(true);
    expect((await tabStops(page, 12)).filter((s) => s.startsWith('menu: '))).toEqual([]);

    await button.click();
    await menu(page, 'منوی اصلی').getByRole('link', { name: 'داشبورد' }).waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('nav[data-shell="navbar"]')?.getBoundingClientRect();
      return box && box.right <= window.innerWidth + 1 && box.right >= window.innerWidth - 1;
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
  });

  it('is the sidebar from the start on a desktop, and once a phone-sized window is widened', async () => {
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.setViewportSize({ width: 1366, height: 800 });
    await menu(page, 'منوی اصلی').getByRole('link', { name: 'داشبورد' }).waitFor();

    const desktop = await newPage({ width: 1366, height: 800 });
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    await storeSession(desktop.page, { token, email: E2E_ADMIN.email, roles: 'admin', language: 'en' });
    await desktop.page.goto('/tna/validate');
    await menu(desktop.page, 'Main navigation').getByRole('link', { name: 'Dashboard' }).waitFor();
    await desktop.context.close();
  });
});
