// Capture that survives the field (issue 14): the app opens with no network after one visit, a form
// submitted offline waits in the outbox and sends itself once, a short outage signs nobody out, and a
// page whose code cannot load shows a message instead of a white page.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { outboxOwners, referenceKept } from './support/device-store.js';
import { E2E_ADMIN } from './support/global-setup.js';
import {
  addKabulFacility,
  addUser,
  api,
  choose,
  field,
  fillAssessment,
  login,
  pick,
  signIn,
  storeSession,
} from './support/helpers.js';

const OFFICER = { name: 'Offline Officer', email: 'offline@e2e.tna.test', password: 'e2e-offline-pass-1' };
const FACILITY = { name: 'Offline Test Clinic', code: 'OFF-0101' };
/** A second officer who shares the device. */
const COLLEAGUE = { name: 'Offline Colleague', email: 'offline2@e2e.tna.test', password: 'e2e-offline-pass-2' };
// Said both offline and when the link drops mid-submit (the device online): so not "when you are online".
const SAVED_ON_DEVICE = 'Saved on this device; it will be sent by itself when the connection is back.';

let context: BrowserContext;
let page: Page;
let adminToken: string;
let officerToken: string;

/** A complete form; every list comes from the copy kept on the device when offline. */
async function fillForm(p: Page, name: string, formNo: string) {
  await fillAssessment(p, {
    form_no: formNo,
    name,
    lastname: 'Rahimi',
    fathername: 'Karim',
    birth_year: '1990',
    perminent_province_id: 'Parwan',
    perminent_district_id: 'Charikar',
    perminent_address_details: 'Street 2',
    temp_province_id: 'Kabul',
    temp_district_id: 'Kabul',
    hospital: FACILITY.code,
    job_address: 'Clinic road',
    marital_status: 1,
    gender: 0,
    temp_address_details: 'Karte 4',
    department_id: 'Maternal',
    position_id: 'Community Midwife',
    education_level: 3,
    education_field: 'Midwifery',
    graduated_university: 'Kabul IHS',
    experience: 1,
    implementing_organization: 'AHDS',
    phone: '+93700111222',
    tazkira: `1400-0202-${formNo.slice(-5)}`,
  });
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

/** Submit a complete form with no network: it goes to the outbox. */
async function submitOffline(name: string, formNo: string) {
  await context.setOffline(true);
  await page.goto('/tna/create');
  await page.getByRole('heading', { name: 'New Assessment', level: 1 }).waitFor();
  await fillForm(page, name, formNo);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText(SAVED_ON_DEVICE).first().waitFor();
}

/** Sign out from the user menu; the dialog that asks first, when there is one. */
async function startSignOut() {
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  return page.getByRole('dialog', { name: 'Sign out' });
}

describe('offline capture', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    await addKabulFacility(adminToken, FACILITY);
    await addUser(adminToken, OFFICER, 'dataentry');
    await addUser(adminToken, COLLEAGUE, 'dataentry');
    ({ page, context } = await newPage({ width: 1366, height: 800 }));
  });
  afterAll(async () => {
    await context.close();
  });

  it("a first visit of New Assessment asks for each list once, the device's copy included", async () => {
    // The device's copy is taken right after the page's first paint, while the form has just asked
    // for the same lists: it takes their answers instead of asking again (76 KB more on a slow link).
    const { page: first, context: fresh } = await newPage();
    await storeSession(first, { token: adminToken, email: E2E_ADMIN.email, roles: 'admin' }, '/api/health');
    const asked: string[] = [];
    first.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    await first.goto('/tna/create');
    await first.getByRole('heading', { name: 'New Assessment', level: 1 }).waitFor();
    // The copy asks for every province's districts and facilities in one request, not two a province.
    // Its time depends on the machine (first paint, the device's copy read, the outbox sent): the
    // count is what this checks, so the wait is long.
    await expect.poll(() => asked.includes('/api/reference/offline'), { timeout: 20_000 }).toBe(true);
    await first.waitForLoadState('networkidle');
    await fresh.close();
    for (const list of [
      '/api/provinces',
      '/api/departments',
      '/api/positions',
      '/api/trainings',
      '/api/reference/offline',
    ])
      expect(
        asked.filter((path) => path === list),
        list,
      ).toHaveLength(1);
    expect(asked.filter((path) => /^\/api\/(hospitals\/byprovinceid|provinces\/districts)\//.test(path))).toEqual([]);
  });

  it('after one visit, the app opens with no network at all', async () => {
    await signIn(page, OFFICER.email, OFFICER.password, '/tna');
    officerToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    // The service worker has precached the app, and the form's lists are kept on the device.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => referenceKept(page, OFFICER.email), { timeout: 30_000 }).toBe(true);

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
    await page.getByText(SAVED_ON_DEVICE).first().waitFor();
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
    await page.getByText(SAVED_ON_DEVICE).first().waitFor();
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
    await storeSession(p, { token: officerToken, email: OFFICER.email, roles: 'dataentry' });
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

  it('sign-out with a form waiting asks first, and keeps it for its owner only', async () => {
    await submitOffline('Keptform', 'OFF-00003');
    await expect.poll(() => indicator().textContent()).toBe('1');
    const dialog = await startSignOut();
    await dialog.getByText('Forms waiting to be sent on this device: 1.', { exact: false }).waitFor();
    await screenshot(page, 'offline-sign-out-en');
    await dialog.getByRole('button', { name: 'Keep and sign out' }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await outboxOwners(page)).toEqual([OFFICER.email]);

    // A colleague signs in on the same device: the form is neither shown to them nor sent as theirs.
    await context.setOffline(false);
    await signIn(page, COLLEAGUE.email, COLLEAGUE.password, '/tna');
    await page.goto('/tna/outbox');
    await page.getByText('No forms are waiting: everything has been sent.').waitFor();
    expect(await indicator().count()).toBe(0);
    // The start's sync has run (its outbox is sent before the lists are kept): a colleague's form
    // sent as theirs would be on the server now.
    await expect.poll(() => referenceKept(page, COLLEAGUE.email), { timeout: 30_000 }).toBe(true);
    const colleagueToken = await login(COLLEAGUE.email, COLLEAGUE.password);
    const theirs = await api<{ data: { data: { name: string }[] } }>('/tnas/myforms/NEW?per_page=100', colleagueToken);
    expect(theirs.data.data.filter((row) => row.name === 'Keptform')).toEqual([]);
    expect(await outboxOwners(page)).toEqual([OFFICER.email]);
    // Nothing of theirs waits: sign-out asks nothing.
    await startSignOut();
    await page.waitForURL(`${baseUrl()}/login`);

    // Its owner signs in again: the form sends itself, once.
    await signIn(page, OFFICER.email, OFFICER.password, '/tna');
    officerToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    await expect.poll(() => formsNamed('Keptform'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => outboxOwners(page)).toEqual([]);
    // Sign-out dropped the form's lists kept for offline use; they come back with this sign-in.
    await expect.poll(() => referenceKept(page, OFFICER.email), { timeout: 30_000 }).toBe(true);
  });

  it('sign-out with "discard" removes the waiting forms and the draft from the device', async () => {
    await submitOffline('Dropform', 'OFF-00004');
    // And a form started after it: the draft.
    await page.goto('/tna/create');
    await field(page, 'name').fill('Draftname');
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), `tna-draft:${OFFICER.email}:new`))
      .toContain('Draftname');
    const dialog = await startSignOut();
    await dialog.getByText('Forms waiting to be sent on this device: 1.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Discard and sign out' }).click();
    await page.waitForURL(`${baseUrl()}/login`);
    expect(await outboxOwners(page)).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), `tna-draft:${OFFICER.email}:new`)).toBeNull();

    await context.setOffline(false);
    await signIn(page, OFFICER.email, OFFICER.password, '/tna');
    officerToken = (await page.evaluate(() => localStorage.getItem('token')))!;
    await page.goto('/tna/create');
    await page.getByRole('heading', { name: 'New Assessment', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Unsent form found' }).count()).toBe(0);
    expect(await formsNamed('Dropform')).toBe(0);
  });

  it('a draft older than 30 days is dropped, a younger one is offered back', async () => {
    await page.goto('/tna/create');
    await field(page, 'name').fill('Olddraft');
    const key = `tna-draft:${OFFICER.email}:new`;
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), key)).toContain('Olddraft');
    // Age it (and a colleague's draft on this device) by rewriting its time of saving.
    const age = async (email: string, days: number) =>
      page.evaluate(
        ({ k, days }) => {
          const draft = JSON.parse(localStorage.getItem(k.mine)!);
          draft.savedAt = new Date(Date.now() - days * 86_400_000).toISOString();
          localStorage.setItem(k.target, JSON.stringify(draft));
        },
        { k: { mine: key, target: `tna-draft:${email}:new` }, days },
      );
    // Away from the form first: leaving it saves the draft again, as of now.
    await page.goto('/tna');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await age(COLLEAGUE.email, 31);
    await age(OFFICER.email, 29);
    await page.goto('/tna/create');
    await page.getByRole('region', { name: 'Unsent form found' }).getByText('Name: Olddraft').waitFor();
    // The colleague's old draft went when the app started, without their signing in.
    expect(await page.evaluate((k) => localStorage.getItem(k), `tna-draft:${COLLEAGUE.email}:new`)).toBeNull();

    await page.goto('/tna');
    await page.getByRole('heading', { name: 'Assessments', level: 1 }).waitFor();
    await age(OFFICER.email, 31);
    await page.goto('/tna/create');
    await page.getByRole('heading', { name: 'New Assessment', level: 1 }).waitFor();
    await expect(field(page, 'name').inputValue()).resolves.toBe('');
    expect(await page.getByRole('region', { name: 'Unsent form found' }).count()).toBe(0);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  });
});
