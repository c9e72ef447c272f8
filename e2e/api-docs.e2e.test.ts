import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';

describe('API documentation at /api/docs', () => {
  it('renders every operation in Chromium from this server alone, with no Content-Security-Policy violation', async () => {
    const { page, context } = await newPage();
    const problems: string[] = [];
    const requested: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => requested.push(r.url()));
    try {
      const res = await page.goto('/api/docs');
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByText('TNA System API').first().waitFor();
      await page.locator('.opblock').first().waitFor();
      expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
      // Open one operation: its parameters, answers and the error shape are drawn.
      await page.locator('.opblock-summary-path', { hasText: '/api/tnas/bystaffid/{id}' }).first().click();
      await page.getByText('Not found, or not one the user may read').first().waitFor();
      await screenshot(page, 'api-docs');
      expect(problems).toEqual([]);
      const origin = new URL(page.url()).origin;
      expect(requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    } finally {
      await context.close();
    }
    // Swagger UI draws sixty operations with their schemas: slow on a busy machine.
  }, 120_000);
});
