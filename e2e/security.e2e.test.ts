import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage } from './support/browser.js';
import { E2E_ADMIN, freePort } from './support/global-setup.js';
import { login } from './support/helpers.js';

/**
 * What the browser itself reports about the Content-Security-Policy: every violation event, and
 * every console message that names the policy (Chromium logs blocked scripts, styles and frames).
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return seen;
}

async function signInWithToken(page: Page, origin: string, token: string, language: 'en' | 'fa' = 'en') {
  await page.goto(`${origin}/login`);
  await page.evaluate(
    ({ token, lang }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('email', 'admin@tna.test');
      localStorage.setItem('roles', 'admin');
      localStorage.setItem('language', lang);
    },
    { token, lang: language },
  );
}

const SCREENS = [
  '/',
  '/tna',
  '/tna/create',
  '/tna/validate',
  '/tna/cleared',
  '/tna/my-forms',
  '/tna/export',
  '/users',
  '/trainings',
  '/departments',
  '/positions',
  '/administratives',
  '/hospitals',
  '/performance',
  '/logs/user-logs',
  '/logs/error-logs',
  '/profile',
];

describe('Content-Security-Policy in Chromium', { timeout: 240_000 }, () => {
  it('the built app runs every screen, in English and Persian, without a single violation', async () => {
    const { page } = await newPage();
    const violations = await watchPolicy(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    for (const language of ['en', 'fa'] as const) {
      await signInWithToken(page, baseUrl(), token, language);
      for (const screen of SCREENS) {
        await page.goto(screen);
        await page.locator('main').first().waitFor();
        await page.waitForLoadState('networkidle');
      }
    }
    expect(violations).toEqual([]);
    const headers = (await page.request.get('/')).headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
  });

  describe('with an analytics dashboard to frame', () => {
    let server: ChildProcess;
    let dashboard: Server;
    let dataDir: string;
    let origin: string;
    let output = '';

    beforeAll(async () => {
      // The "external" dashboard: another origin (another port) serving one page.
      dashboard = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end('<!doctype html><title>Dashboard</title><h1>External dashboard</h1>');
      });
      await new Promise<void>((resolve) => dashboard.listen(0, '127.0.0.1', resolve));
      const dashboardPort = (dashboard.address() as { port: number }).port;
      const port = await freePort();
      dataDir = mkdtempSync(path.join(tmpdir(), 'tna-e2e-csp-'));
      const root = fileURLToPath(new URL('..', import.meta.url));
      server = spawn(process.execPath, ['apps/server/dist/server.js'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          ANALYTICS_EMBED_URL: `http://127.0.0.1:${dashboardPort}/public/dashboard/1`,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout!.on('data', (d) => (output += d));
      server.stderr!.on('data', (d) => (output += d));
      origin = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 120_000;
      for (;;) {
        try {
          if ((await fetch(`${origin}/api/health`)).ok) break;
        } catch {}
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The app did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    });

    afterAll(async () => {
      server?.kill('SIGTERM');
      if (server && server.exitCode === null) await new Promise((r) => server.once('exit', r));
      dashboard?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('frames the configured dashboard and nothing else', async () => {
      const { page } = await newPage();
      const violations = await watchPolicy(page);
      const res = await fetch(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(E2E_ADMIN),
      });
      const token = ((await res.json()) as { success: { token: string } }).success.token;
      await signInWithToken(page, origin, token);
      await page.goto(`${origin}/tna/export`);
      const frame = page.frameLocator('iframe');
      await frame.getByRole('heading', { name: 'External dashboard' }).waitFor();
      expect(violations).toEqual([]);
      // A frame of any other origin is refused by the same policy.
      await page.evaluate(() => {
        const other = document.createElement('iframe');
        other.src = 'http://localhost:9/elsewhere';
        document.body.append(other);
      });
      await expect.poll(() => violations.some((v) => /frame-src/.test(v)), { timeout: 10_000 }).toBe(true);
    });
  });
});
