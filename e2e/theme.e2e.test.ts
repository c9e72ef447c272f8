// The theme's colours in both schemes, from the one stylesheet: Mantine's provider writes its CSS
// variables there at build time (apps/web/build/mantine-variables.ts), not into a <style> at start.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { login } from './support/helpers.js';

/** How many <style>s Mantine's provider wrote, and three of the theme's variables on the page. */
function themed(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const selector = 'style[data-mantine-styles="true"], style[data-mantine-styles="classes"]';
    const names = ['--mantine-color-dimmed', '--mantine-color-anchor', '--mantine-cursor-type'];
    return {
      styles: document.querySelectorAll(selector).length,
      values: names.map((name) => root.getPropertyValue(name).trim()),
    };
  });
}

describe("the theme's CSS variables", () => {
  it('come from the stylesheet, in light and dark, with the breakpoint classes', async () => {
    const { page, context } = await newPage();
    try {
      await page.goto('/api/health');
      await page.evaluate((t) => localStorage.setItem('token', t), await login(E2E_ADMIN.email, E2E_ADMIN.password));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      // The darker grey captions (app/theme.ts, WCAG AA) and the links' shade 8.
      await expect(themed(page)).resolves.toEqual({ styles: 0, values: ['#495057', '#1971c2', 'pointer'] });
      // A breakpoint class of the provider: shown from the sm breakpoint up (the page is 1366 px wide).
      const display = await page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('div'));
        probe.className = 'mantine-hidden-from-sm';
        const value = getComputedStyle(probe).display;
        probe.remove();
        return value;
      });
      expect(display).toBe('none');

      await page.evaluate(() => localStorage.setItem('tna-color-scheme', 'dark'));
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await expect(themed(page)).resolves.toEqual({ styles: 0, values: ['#b8b8b8', '#4dabf7', 'pointer'] });
    } finally {
      await context.close();
    }
  });
});
