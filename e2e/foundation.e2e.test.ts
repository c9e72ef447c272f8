import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { addUser, login, toastsClosed } from './support/helpers.js';

const ADMIN_ENTRIES = [
  'Users',
  'Trainings',
  'Provinces',
  'Health Facilities',
  'Departments',
  'Positions',
  'Performance',
  'Logs',
];
const ROLES = [
  ['validator', 'Validator'],
  ['dataentry', 'Data Entry'],
  ['external.viewer', 'External Viewer'],
  ['internal.viewer', 'Internal Viewer'],
  ['admin2', 'Admin'],
] as const;
const PASSWORD = 'e2e-user-pass-1';

let page: Page;

/** Holds back the app's entry script, as a slow link would, until the returned function is called. */
async function holdAppScript(target: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function signIn(email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const nav = () => page.getByRole('navigation', { name: 'Main navigation' });
/** A sidebar entry: a link, or a button for a group (Logs). */
const entry = (name: string, root = nav()) =>
  root.getByRole('link', { name, exact: true }).or(root.getByRole('button', { name, exact: true }));

describe('foundation: sign in, users, languages, sign out', () => {
  beforeAll(async () => {
    ({ page } = await newPage());
  });
  afterAll(async () => {
    await page.context().close();
  });

  it("serves React's production build, not its development build", async () => {
    // A build that inherited another NODE_ENV than "production" once shipped React's development
    // build: twice the JavaScript over slow links, and a browser kept busy checking every render.
    const scripts: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.text());
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    page.removeAllListeners('response');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(body).not.toContain('jsxDEV');
      expect(body).not.toContain('cannot be a child of');
    }
  });

  it("shows the page's frame and title, in the user's language, before the app's code has come", async () => {
    // On a slow link and a cheap phone the app's script takes seconds to come and run; boot.js's
    // frame says meanwhile where the user is, and gives way to the app once it shows the page.
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const { page: first, context } = await newPage();
    await first.goto('/api/health');
    await first.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('language', 'fa');
    }, token);
    const release = await holdAppScript(first);
    await first.goto('/tna/create', { waitUntil: 'commit' });
    const frameTitle = first.locator('#boot-frame h1');
    await frameTitle.waitFor();
    expect(await frameTitle.textContent()).toBe('ارزیابی جدید');
    expect(await first.title()).toBe('ارزیابی جدید - TNA System');
    expect(await first.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(first, 'boot-frame-fa');
    release();
    // The frame is hidden from assistive technology: this heading is the app's.
    await first.getByRole('heading', { name: 'ارزیابی جدید', level: 1 }).waitFor();
    expect(await first.locator('#boot-frame').count()).toBe(0);
    expect(await first.locator('h1').count()).toBe(1);
    await context.close();
  });

  it("draws the sign-in page before the app's code has come, box for box where the app puts it", async () => {
    // A phone's first visit: the sign-in page, blank until 150 KiB of script had come and run.
    // The frame (build/sign-in-frame.ts) must lie exactly where the page comes: anything else jumps.
    const boxes = (root: string) => {
      const box = (element: Element | null) => {
        const b = element?.getBoundingClientRect();
        return b ? [b.x, b.y, b.width, b.height].map((v) => Math.round(v)).join(',') : null;
      };
      const one = (app: string, frame: string) =>
        box(document.querySelector(`${root} ${root === '#root' ? app : frame}`));
      const all = (app: string, frame: string) =>
        Array.from(document.querySelectorAll(`${root} ${root === '#root' ? app : frame}`), box);
      return {
        heading: one('h1', 'h1'),
        card: one('.mantine-Paper-root', '.boot-sign-in-card'),
        labels: all('label', '.boot-sign-in-field > span'),
        fields: all('input[type=email], .mantine-PasswordInput-input', '.boot-sign-in-input'),
        button: one('button[type=submit]', '.boot-sign-in-button'),
        links: all('form a', '.boot-sign-in-links > span'),
        languages: all('[role=group] button', '.boot-sign-in-languages > span'),
      };
    };
    for (const [language, width] of [
      ['fa', 375],
      ['en', 1366],
    ] as const) {
      const { page: first, context } = await newPage({ width, height: 800 });
      await first.goto('/api/health');
      await first.evaluate((l) => localStorage.setItem('language', l), language);
      const release = await holdAppScript(first);
      // A guest sent to sign in from elsewhere sees it too.
      await first.goto('/tna/create', { waitUntil: 'commit' });
      await first.locator('#boot-frame h1').waitFor();
      expect(await first.locator('#boot-frame .boot-sign-in-button').textContent()).toBe(
        language === 'fa' ? 'ورود' : 'Sign In',
      );
      expect(await first.title()).toBe(language === 'fa' ? 'ورود - TNA System' : 'Sign In - TNA System');
      // Measured once the stylesheet (and the font it brings) has come, as the app will have it.
      await first.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet);
      await first.evaluate(() => document.fonts.ready);
      const frame = await first.evaluate(boxes, '#boot-frame');
      await screenshot(first, `sign-in-frame-${language}-${width}`);
      release();
      await first.getByRole('heading', { name: 'TNA System', level: 1 }).waitFor();
      await first.locator('#boot-frame').waitFor({ state: 'detached' });
      const app = await first.evaluate(boxes, '#root');
      expect(frame.labels).toHaveLength(2);
      expect(frame.languages).toHaveLength(3);
      expect(frame, `${language} at ${width} px`).toEqual(app);
      expect(await first.locator('h1').count()).toBe(1);
      await context.close();
    }
  });

  it("gives way to the app's no-access notice when the page is not the user's", async () => {
    // A page without a heading of its own must not stay covered by the frame.
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const email = `frame-viewer-${Date.now()}@e2e.test`;
    await addUser(token, { name: 'Frame Viewer', email, password: PASSWORD }, 'external_viewer');
    const { page: first, context } = await newPage();
    await first.goto('/api/health');
    await first.evaluate((t) => localStorage.setItem('token', t), await login(email, PASSWORD));
    await first.goto('/users', { waitUntil: 'commit' });
    await first.getByRole('alert').filter({ hasText: 'You do not have access to this page' }).waitFor();
    expect(await first.locator('#boot-frame').count()).toBe(0);
    await context.close();
  });

  it('never shows the shell without its page on a first visit: the frame stays until the heading', async () => {
    // The page mounts in a commit after the shell's (AfterShell in authenticated-app.tsx); between
    // the two the app holds the shell alone. The frame must cover that, on a slow phone too.
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const { page: first, context } = await newPage({ width: 375, height: 740 });
    await first.goto('/api/health');
    await first.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('language', 'fa');
    }, token);
    await first.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { uncovered: string[] }).uncovered = seen;
      let headingSeen = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (headingSeen || !root?.firstElementChild) return;
        if (root.querySelector('h1, [role="alert"]')) headingSeen = true;
        else if (!document.getElementById('boot-frame')) seen.push((root.textContent ?? '').slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(first);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await first.goto('/');
    await first.getByRole('heading', { name: 'داشبورد', level: 1 }).waitFor();
    await first.locator('#boot-frame').waitFor({ state: 'detached' });
    expect(await first.evaluate(() => (window as unknown as { uncovered: string[] }).uncovered)).toEqual([]);
    await context.close();
  });

  it("has one stylesheet, with the pages' own rules after Mantine's", async () => {
    // Mantine's rules and a page's CSS modules weigh the same: the later one wins, so order decides.
    // One stylesheet for the whole app (vite.config.ts: a page's own sheet, applied when its code
    // came, restyled the document in one long task on a slow phone).
    const { page: first, context } = await newPage();
    await first.goto('/api/health');
    await first.evaluate((t) => localStorage.setItem('token', t), await login(E2E_ADMIN.email, E2E_ADMIN.password));
    await first.goto('/');
    await first.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const sheets = await first.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="stylesheet"]'), (link) => link.getAttribute('href') ?? ''),
    );
    expect(sheets).toHaveLength(1);
    const css = await (await fetch(`${baseUrl()}${sheets[0]}`)).text();
    const mantine = Array.from(css.matchAll(/\.m_[0-9a-f]{6,8}\b/g), (m) => m.index);
    const modules = Array.from(css.matchAll(/\._[A-Za-z]+_[a-z0-9]{5}_\d+/g), (m) => m.index);
    expect(mantine.length).toBeGreaterThan(100);
    expect(modules.length).toBeGreaterThan(10);
    expect(Math.max(...mantine)).toBeLessThan(Math.min(...modules));
    // And a page's rule applies: the shell's main area is grey (shell.module.css).
    expect(await first.locator('#main-content').evaluate((main) => getComputedStyle(main).backgroundColor)).toBe(
      'rgb(248, 249, 250)',
    );
    await context.close();
  });

  it('a wrong password leaves the reason on the form, not only in a passing toast', async () => {
    await signIn(E2E_ADMIN.email, 'not-the-password-1');
    const alert = page.locator('form').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Login failed');
    // Still there once the toasts have gone (they close after a few seconds).
    await page.waitForTimeout(5_000);
    expect(await alert.isVisible()).toBe(true);
    expect(page.url()).toBe(`${baseUrl()}/login`);
    expect(await page.title()).toBe('Sign In - TNA System');
  });

  it('the login form checks a field once it was changed or a submit was tried, and sends nothing invalid', async () => {
    const logins: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/login')) logins.push(req.url());
    });
    await page.goto('/login');
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    // Tabbing past empty fields says nothing yet.
    await email.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.getByText('This field is required').count()).toBe(0);
    // A changed field is checked when the user leaves it, and its message goes as they type again.
    await email.fill('not-an-address');
    await password.focus();
    await page.getByText('This field should match the pattern of email address').waitFor();
    await email.fill('admin@tna.test');
    expect(await page.getByText('This field should match the pattern of email address').count()).toBe(0);
    // A submit checks every field, and nothing reaches the server.
    await email.fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(logins).toEqual([]);
    page.removeAllListeners('request');
  });

  it('an admin signs in, lands on the dashboard and sees the admin entries', async () => {
    await signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByText('Login success').first().waitFor();
    await entry('Dashboard').waitFor();
    for (const name of ADMIN_ENTRIES) {
      await expect(entry(name).count(), name).resolves.toBe(1);
    }
    expect(await page.evaluate(() => [localStorage.getItem('email'), localStorage.getItem('roles')])).toEqual([
      E2E_ADMIN.email,
      'admin',
    ]);
    await screenshot(page, 'foundation-admin-dashboard-en');
    // The display settings: the sidebar skin's control is there once the panel opens, and works.
    await page.locator('[aria-controls="control-sidebar"]').click();
    const panel = page.getByRole('complementary', { name: 'Display settings' });
    await panel.getByText('Sidebar skin').waitFor();
    await panel.getByText('Dark', { exact: true }).click();
    await expect.poll(() => page.locator('nav[data-skin]').first().getAttribute('data-skin')).toBe('dark');
    await panel.getByText('Light', { exact: true }).click();
    await expect.poll(() => page.locator('nav[data-skin]').first().getAttribute('data-skin')).toBe('light');
    await panel.getByRole('button', { name: 'Close display settings' }).click();
  });

  it('the admin creates a user of each role on the Users screen', async () => {
    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('cell', { name: E2E_ADMIN.email }).waitFor();
    for (const [prefix, roleLabel] of ROLES) {
      const email = `${prefix}@e2e.tna.test`;
      // One press of Add, then wait for its form: a second press (tried before, "in case the first
      // was lost") lands on the form's Back to list when the first was only slow. The last save's
      // toast covers Add: it goes first.
      await toastsClosed(page);
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'Add user' }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill(`E2E ${roleLabel}`);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: roleLabel, exact: true }).click();
      // Wait for this save itself (the previous user's "Registration succeeded" may still be on
      // screen), then for the form to give way to the list that holds the new user.
      const saved = page.waitForResponse(
        (res) => res.url().endsWith('/api/users/register') && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByRole('heading', { name: 'Add user' }).waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: email }).waitFor();
    }
    for (const [prefix] of ROLES) {
      await expect(page.getByRole('cell', { name: `${prefix}@e2e.tna.test` }).count()).resolves.toBe(1);
    }
    await screenshot(page, 'foundation-users-en');
  });

  it('signs out to /login', async () => {
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('a data-entry user lands on /tna and sees no admin entries', async () => {
    await signIn('dataentry@e2e.tna.test', PASSWORD);
    await page.waitForURL(`${baseUrl()}/tna`);
    await entry('Assessments').waitFor();
    await expect(entry('Dashboard').count()).resolves.toBe(1);
    for (const name of ADMIN_ENTRIES) {
      await expect(entry(name).count(), name).resolves.toBe(0);
    }
    // The server refuses too, not only the menu.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/users', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.status;
    });
    expect(status).toBe(403);
  });

  it('switches to Persian: the page turns right to left and the menu is translated', async () => {
    await page.getByRole('button', { name: /^Language/ }).click();
    // SPEC 3 language option: each language's image, name and shorthand.
    for (const name of ['English EN', 'پښتو PS', 'فارسی FA']) await page.getByRole('menuitem', { name }).waitFor();
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[role="menuitem"] img')];
      return images.length === 3 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
    await screenshot(page, 'foundation-language-menu');
    await page.getByRole('menuitem', { name: 'فارسی' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fa');
    await entry('ارزیابی‌ها', page.getByRole('navigation', { name: 'منوی اصلی' })).waitFor();
    await screenshot(page, 'foundation-dataentry-tna-fa');
    const mobile = await newPage({ width: 375, height: 800 });
    await mobile.page.goto('/login');
    await mobile.page.evaluate(() => localStorage.setItem('language', 'fa'));
    await mobile.page.reload();
    await mobile.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await mobile.page.getByRole('button', { name: 'ورود' }).waitFor();
    await screenshot(mobile.page, 'foundation-login-fa-375');
    await mobile.context.close();
  });

  it('a token revoked on the server sends the browser to /login on the next call', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    await page.reload();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('roles')])).toEqual([
      null,
      null,
    ]);
  });
});
