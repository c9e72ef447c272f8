// Capture that survives the field (issue 14): the app opens with no network after one visit, a form
// submitted offline waits in the outbox and sends itself once, a short outage signs nobody out, and a
// page whose code cannot load shows a message instead of a white page.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { addKabulFacility, addUser, api, choose, login, signIn } from './support/helpers.js';

const OFFICER = { name: 'Offline Officer', email: 'offline@e2e.tna.test', password: 'e2e-offline-pass-1' };
const FACILITY = { name: 'Offline Test Clinic', code: 'OFF-0101' };

let context: BrowserContext;
let page: Page;
let adminToken: string;
let officerToken: string;

const field = (p: Page, name: string) => p.locator(`#tna-field-${name}`);

/** A short select, by keyboard only: open with ArrowDown, move, Enter. */
async function pick(p: Page, id: string, index: number) {
  const input = p.locator(`#${id}`);
  await input.focus();
  await input.press('ArrowDown');
  for (let i = 0; i < index; i++) await input.press('ArrowDown');
  await input.press('Enter');
}

/** A complete form; every list comes from the copy kept on the device when offline. */
async function fillForm(p: Page, name: string, formNo: string) {
  await field(p, 'form_no').fill(formNo);
  await field(p, 'name').fill(name);
  await field(p, 'lastname').fill('Rahimi');
  await field(p, 'fathername').fill('Karim');
  await choose(p, 'tna-field-birth_year', '1990');
  await choose(p, 'tna-field-perminent_province_id', 'Parwan');
  await choose(p, 'tna-field-perminent_district_id', 'Charikar');
  await field(p, 'perminent_address_details').fill('Street 2');
  await choose(p, 'tna-field-temp_province_id', 'Kabul');
  await choose(p, 'tna-field-temp_district_id', 'Kabul');
  await choose(p, 'tna-field-hospital', FACILITY.code);
  await field(p, 'job_address').fill('Clinic road');
  await pick(p, 'tna-field-marital_status', 1);
  await pick(p, 'tna-field-gender', 0);
  await field(p, 'temp_address_details').fill('Karte 4');
  await choose(p, 'tna-field-department_id', 'Maternal');
  await choose(p, 'tna-field-position_id', 'Community Midwife');
  await pick(p, 'tna-field-education_level', 3);
  await field(p, 'education_field').fill('Midwifery');
  await field(p, 'graduated_university').fill('Kabul IHS');
  await pick(p, 'tna-field-experience', 1);
  await field(p, 'implementing_organization').fill('AHDS');
  await field(p, 'phone').fill('+93700111222');
  await field(p, 'tazkira').fill(`1400-0202-${formNo.slice(-5)}`);
  await choose(p, 'tna-line-department', 'Maternal');
  await choose(p, 'tna-line-training', 'ANC');
  await pick(p, 'tna-line-priority', 0);
  await p.getByRole('button', { name: 'Next', exact: true }).click();
}

/** The officer's NEW forms with this first name, as the server has them. */
async function formsNamed(name: string): Promise<number> {
  const res = await api<{ data: { data: { name: string }[] } }>('/tnas/myforms/NEW?per_page=100', officerToken);
  return res.data.data.filter((row) => row.name === name).length;
}

const indicator = () => page.getByTestId('outbox-indicator');

describe('offline capture', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    await addKabulFacility(adminToken, FACILITY);
    await addUser(adminToken, OFFICER, 'dataentry');
    ({ page, context } = await newPage({ width: 1366, height: 800 }));
  });
  afterAll(async () => {
    await context.close();
  });

  it('after one visit, the app opens with no network at all', async () => {
    await signIn(page, OFFICER.email, OFFICER.password, '/tna');
    officerToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    // The service worker has precached the app, and the form's lists are kept on the device.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect
      .poll(
        () =>
          page.evaluate(
            (owner) =>
              new Promise<boolean>((resolve) => {
                const open = indexedDB.open('tna-offline');
                open.onsuccess = () => {
                  const db = open.result;
                  if (!db.objectStoreNames.contains('reference')) return resolve(false);
                  const get = db.transaction('reference').objectStore('reference').get(owner);
                  get.onsuccess = () => resolve(Boolean(get.result));
                  get.onerror = () => resolve(false);
                };
                open.onerror = () => resolve(false);
              }),
            OFFICER.email,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await page.getByTestId('connectivity-banner').waitFor();
    for (const [path, heading] of [
      ['/tna/create', 'New Assessment'],
      ['/tna/my-forms', 'My Assessments'],
      ['/', 'Dashboard'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(page.url()).toBe(`${baseUrl()}${path}`);
    }
  });

  it('a form submitted offline waits in the outbox, also after a reload', async () => {
    await page.goto('/tna/create');
    await fillForm(page, 'Outboxa', 'OFF-00001');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Saved on this device; it will be sent when you are online.').first().waitFor();
    await expect.poll(() => indicator().textContent()).toBe('1');
    await page.reload();
    await indicator().click();
    await page.waitForURL(`${baseUrl()}/tna/outbox`);
    await expect.poll(() => page.getByTestId('outbox-entry').count()).toBe(1);
    await expect(page.getByTestId('outbox-entry').textContent()).resolves.toContain('Outboxa Rahimi');

    // The outbox and the banner at phone width, in English and in Persian.
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'offline-outbox-en-375');
    await page.evaluate(() => localStorage.setItem('language', 'fa'));
    await page.reload();
    await page.getByRole('heading', { name: 'صندوق ارسال', level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'offline-outbox-fa-375');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.reload();
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    expect(await formsNamed('Outboxa')).toBe(0);
  });

  it('back online, the form sends itself and is in My Assessments once', async () => {
    await context.setOffline(false);
    await page.getByText('No forms are waiting: everything has been sent.').waitFor({ timeout: 30_000 });
    await expect(indicator().count()).resolves.toBe(0);
    expect(await formsNamed('Outboxa')).toBe(1);
    await page.goto('/tna/my-forms');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Outboxa Rahimi' }).count(), { timeout: 15_000 })
      .toBe(1);
  });

  it('an answer lost after the server saved the form: sent again with its key, still one record', async () => {
    await page.goto('/tna/create');
    await fillForm(page, 'Lostanswer', 'OFF-00002');
    let posts = 0;
    await page.route('**/api/tnas', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      if (posts > 1) return route.continue();
      // The server commits the form; the link drops before its answer arrives.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Saved on this device; it will be sent when you are online.').first().waitFor();
    expect(await formsNamed('Lostanswer')).toBe(1);
    // The server answers again (its health is probed after 2 s): the outbox sends the same key.
    await expect.poll(() => indicator().count(), { timeout: 30_000 }).toBe(0);
    await page.unroute('**/api/tnas');
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(await formsNamed('Lostanswer')).toBe(1);
  });

  it('a 4 s outage of /api/details while a page opens keeps the user signed in', async () => {
    await page.goto('/tna');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    // The outage starts with the first call of the page (a busy machine may take seconds to get there).
    let until = 0;
    let refused = 0;
    await page.route('**/api/details', async (route) => {
      until ||= Date.now() + 4_000;
      if (Date.now() > until) return route.continue();
      refused += 1;
      // Half the calls see no answer, half a proxy's 502.
      if (refused % 2) return route.abort('connectionrefused');
      return route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    await page.goto('/tna/my-forms');
    await page.getByTestId('connectivity-banner').waitFor();
    await page.waitForTimeout(Math.max(0, until - Date.now()) + 1_000);
    expect(refused).toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/tna/my-forms');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBe(officerToken);
    await page.getByRole('heading', { name: 'My Assessments', level: 1 }).waitFor();
    // The server answers again: the banner goes by itself.
    await expect.poll(() => page.getByTestId('connectivity-banner').count(), { timeout: 30_000 }).toBe(0);
    await page.unroute('**/api/details');
  });

  it('a page whose code cannot load, or that throws, shows a message with Try again and Go home', async () => {
    // Without the service worker, so the chunk really comes from the network.
    const bare = await page
      .context()
      .browser()!
      .newContext({
        baseURL: baseUrl(),
        viewport: { width: 375, height: 800 },
        serviceWorkers: 'block',
      });
    const p = await bare.newPage();
    await p.goto('/login');
    await p.evaluate(
      ({ token, email }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('email', email);
        localStorage.setItem('roles', 'dataentry');
      },
      { token: officerToken, email: OFFICER.email },
    );
    await p.route(/\/assets\/my-assessments-page-[^/]+\.js$/, (route) => route.abort('connectionreset'));
    await p.goto('/tna');
    await p.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await p.goto('/tna/my-forms');
    const boundary = p.getByTestId('error-boundary');
    await boundary.getByText('This page could not be loaded').waitFor();
    // The shell stays: the officer can go elsewhere.
    await expect(p.getByRole('button', { name: 'Go home' }).isVisible()).resolves.toBe(true);
    await screenshot(p, 'offline-chunk-error-en-375');
    await p.unroute(/\/assets\/my-assessments-page-[^/]+\.js$/);
    await p.getByRole('button', { name: 'Try again' }).click();
    await p.getByRole('heading', { name: 'My Assessments', level: 1 }).waitFor();

    // A render error: an answer the page cannot draw.
    await p.route('**/api/tnas/myforms/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"data":{"data":5}}' }),
    );
    await p.evaluate(() => localStorage.setItem('language', 'fa'));
    await p.goto('/tna/my-forms');
    await p.getByTestId('error-boundary').getByText('در این صفحه مشکلی پیش آمد').waitFor();
    await screenshot(p, 'offline-render-error-fa-375');
    await p.getByRole('button', { name: 'رفتن به صفحهٔ اصلی' }).click();
    await p.waitForURL(`${baseUrl()}/`);
    await expect(p.getByTestId('error-boundary').count()).resolves.toBe(0);
    await bare.close();
  });
});
