// What a signed-in first load asks for and how its code arrives (issue 15's first load): the page's
// own code asked for by the first script, and the code every signed-in start runs marked for V8 to
// compile off the main thread.
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { login } from './support/helpers.js';

describe('first load', () => {
  it('marks the code a signed-in first load runs nearly all of for compiling off the main thread', async () => {
    // V8's compile hint (apps/web/vite.config.ts) works only on a chunk's first line, as it is sent.
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const { page: first, context } = await newPage();
    try {
      await first.goto('/api/health');
      await first.evaluate((t) => localStorage.setItem('token', t), token);
      const bodies = new Map<string, Promise<string>>();
      first.on('response', (res) => {
        const name = /\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(res.url())?.[1];
        if (!name) return;
        // Chunks the test never reads may still be arriving when the context closes: their
        // rejection is handled here, while an awaited one still fails the test.
        const body = res.text();
        body.catch(() => undefined);
        bodies.set(name, body);
      });
      await first.goto('/tna/validate');
      await first.getByRole('heading', { level: 1 }).waitFor();
      const firstLine = async (name: string) => (await bodies.get(name))?.split('\n')[0];
      expect(await firstLine('boot')).toBe('//# allFunctionsCalledOnLoad');
      expect(await firstLine('shell')).toBe('//# allFunctionsCalledOnLoad');
      expect(await firstLine('review-list-page')).not.toBe('//# allFunctionsCalledOnLoad');
    } finally {
      await context.close();
    }
  });

  it("asks for the page's own code with the first script, before the app has run", async () => {
    // With the app's entry script held back, only boot.js can ask: for a signed-in user the shell
    // and the page opened, for a guest the sign-in page (where the router sends every other path).
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const asked = async (signedIn: boolean, expected: string[]) => {
      const { page: first, context } = await newPage();
      await first.goto('/api/health');
      if (signedIn) await first.evaluate((t) => localStorage.setItem('token', t), token);
      await first.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
      const scripts: string[] = [];
      first.on('request', (req) => {
        const name = /\/assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(req.url())?.[1];
        if (name) scripts.push(name);
      });
      await first.goto('/tna/create');
      // The page's load event does not wait for links added by a script: wait for the requests, then
      // for the network to go quiet before saying what was not asked for.
      await expect.poll(() => scripts, { timeout: 10_000 }).toEqual(expect.arrayContaining(expected));
      await first.waitForLoadState('networkidle');
      await context.close();
      return scripts;
    };
    expect(await asked(true, ['authenticated-app', 'shell', 'new-assessment-page'])).not.toContain('login-page');
    // Nor the shell's chunks (build/chunk-waves.ts) for a guest.
    const guest = await asked(false, ['login-page', 'signin-shared']);
    for (const name of ['authenticated-app', 'shell', 'pages-common']) expect(guest).not.toContain(name);
  });
});
