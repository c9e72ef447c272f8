// Data views with no network (issue 15's states, in issue 14's field cases): a list or figure with no
// answer yet says it will load when the connection is back, instead of grey bars for ever (opened
// from inside the app) or "could not be loaded" (a page opened offline), and loads by itself when
// the network returns; a change asked for offline says so at once instead of a button that spins;
// a form's details or edit page that failed to load offers Try again.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { addKabulFacility, addUser, login, postAssessment, signIn, storeSession } from './support/helpers.js';

const OFFICER = { name: 'Offline Lists Officer', email: 'offline-lists@e2e.tna.test', password: 'e2e-lists-pass-1' };
const FACILITY = { name: 'Offline Lists Clinic', code: 'OFL-0101' };
const OFFLINE_TEXT = 'You are offline: this will load by itself when the connection is back.';

let context: BrowserContext;
let page: Page;
let formId: number;

const notices = () => page.getByTestId('offline-notice');
const failures = () => page.getByText('The list could not be loaded.');

/** The dashboard opened with no network, in English at 1366 px, in Persian and Pashto at 375 px. */
async function openDashboardOffline() {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await notices().first().waitFor();
  await expect(notices().first().textContent()).resolves.toBe(OFFLINE_TEXT);
  await screenshot(page, 'offline-dashboard-en-1366');
  await page.setViewportSize({ width: 375, height: 800 });
  for (const language of ['fa', 'ps']) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.reload();
    await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
    await notices().first().waitFor();
    await expect(notices().first().textContent()).resolves.not.toBe(OFFLINE_TEXT);
    await screenshot(page, `offline-dashboard-${language}-375`);
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await notices().first().waitFor();
}

describe('data views with no network', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    const adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const kabul = await addKabulFacility(adminToken, FACILITY);
    await addUser(adminToken, OFFICER, 'dataentry');
    formId = await postAssessment(
      await login(OFFICER.email, OFFICER.password),
      kabul,
      {
        form_no: 'OFL-00001',
        name: 'Listed',
        lastname: 'Offline',
        fathername: 'Karim',
        birth_year: 1991,
        marital_status: 'single',
        experience: '1-5',
        phone: '+93700555001',
        tazkira: '1400-0303-00001',
      },
      1,
    );
    ({ page, context } = await newPage({ width: 1366, height: 800 }));
    await signIn(page, OFFICER.email, OFFICER.password, '/tna');
    // The service worker has precached the app, so it opens with no network.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  });
  afterAll(async () => {
    await context.close();
  });

  it('a page opened offline says its lists will load, and they load by themselves when it is back', async () => {
    await context.setOffline(true);
    try {
      await openDashboardOffline();
      // A first try and its two retries took about 3 s, and ended in "could not be loaded".
      await page.waitForTimeout(4_000);
      expect(await failures().count(), 'lists that failed').toBe(0);
      expect(await page.locator('[role="status"][aria-busy="true"]').count(), 'grey bars').toBe(0);
      // Said once for the page, not once in each of its six parts.
      expect(await notices().count(), 'offline notices on the dashboard').toBe(1);

      // Inside the app, a list that was never loaded says the same, not grey bars for ever.
      await page.getByRole('link', { name: 'Assessments', exact: true }).first().click();
      await page.getByRole('link', { name: /My Assessments/ }).click();
      await page.getByRole('heading', { name: 'My Assessments', level: 1 }).waitFor();
      await notices().first().waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole('row').filter({ hasText: 'Listed Offline' }).waitFor({ timeout: 15_000 });
    expect(await notices().count()).toBe(0);
    expect(await failures().count()).toBe(0);
  });

  it('a server that does not answer: the dashboard says so once, and loads when it answers again', async () => {
    // The link is dead but the browser still says online: each of the six parts failed in red.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    try {
      await page.goto('/');
      await page.getByTestId('connectivity-banner').waitFor();
      await expect.poll(() => notices().count()).toBe(1);
      await expect(notices().textContent()).resolves.toContain('The server cannot be reached');
      expect(await page.getByText('could not be loaded').count()).toBe(0);
      await screenshot(page, 'unreachable-dashboard-en-1366');
    } finally {
      await page.unroute('**/api/**');
    }
    // Its health is probed after 2 s; then what failed is asked again.
    await page.getByTestId('status-total').waitFor({ timeout: 15_000 });
    expect(await notices().count()).toBe(0);
  });

  it('a change saved offline says the server cannot be reached, and keeps what was typed', async () => {
    await page.goto('/profile');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect.poll(() => name.inputValue()).toBe(OFFICER.name);
    await context.setOffline(true);
    try {
      await name.fill('Offline Lists Officer Renamed');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OFFICER.password);
      await page.getByRole('textbox', { name: 'Confirm Password' }).fill(OFFICER.password);
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page.getByText('The server could not be reached. Please check your connection.').first().waitFor();
      await expect(name.inputValue()).resolves.toBe('Offline Lists Officer Renamed');
      await expect(
        page.getByRole('button', { name: 'Update', exact: true }).getAttribute('data-loading'),
      ).resolves.toBeNull();
    } finally {
      await context.setOffline(false);
    }
  });

  it('a browser that says offline while its own server answers (a laptop with its Wi-Fi off) works online', async () => {
    // navigator.onLine false with the network up: what Chromium says on a device with no network
    // link, whose server runs on the device itself.
    const { page: laptop, context: device } = await newPage({ width: 1366, height: 800 });
    try {
      await device.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      });
      const token = await login(OFFICER.email, OFFICER.password);
      await storeSession(laptop, { token, email: OFFICER.email, roles: 'dataentry' }, '/api/health');
      await laptop.goto('/tna/my-forms');
      await laptop.getByRole('heading', { name: 'My Assessments', level: 1 }).waitFor();
      // The server is asked at once: the list loads, and nothing says offline.
      await laptop.getByRole('row').filter({ hasText: 'Listed Offline' }).waitFor({ timeout: 10_000 });
      expect(await laptop.getByTestId('offline-notice').count()).toBe(0);
      await expect.poll(() => laptop.getByTestId('connectivity-banner').count()).toBe(0);
      await screenshot(laptop, 'offline-own-server-en-1366');
    } finally {
      await device.close();
    }
  });

  it("a form's details or edit page that failed to load offers Try again, which loads it", async () => {
    const failing = `**/api/tnas/bystaffid/${formId}`;
    for (const [path, loadedShows] of [
      [`/tna/details/${formId}`, page.getByText('Listed', { exact: true }).first()],
      [`/tna/edit/${formId}`, page.locator('#tna-field-name')],
    ] as const) {
      // A server error (not the network): asked three times, then the page says so.
      await page.route(failing, (route) => route.fulfill({ status: 500, body: '{}' }));
      await page.goto(path);
      const retry = page.getByRole('button', { name: 'Try again' });
      await retry.waitFor({ timeout: 15_000 });
      await page.unroute(failing);
      await retry.click();
      await loadedShows.waitFor();
      expect(await retry.count(), path).toBe(0);
    }
    await expect(page.locator('#tna-field-name').inputValue()).resolves.toBe('Listed');
  });
});
