import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { addUser, api, login, phoneShot, setLanguage, signIn, storeSession } from './support/helpers.js';

const NEWCOMER = { name: 'E2E Newcomer', email: 'newcomer@e2e.tna.test', password: 'e2e-newcomer-1' };
const FORGETFUL = { name: 'E2E Forgetful', email: 'forgetful@e2e.tna.test', password: 'e2e-forgetful-1' };
const NEW_PASSWORD = 'e2e-remembered-2';

let admin: Page;
let adminToken: string;

/** The admin's screen at phone width. */
const adminShot = (path: string, language: 'en' | 'fa', name: string, ready: string) =>
  phoneShot({ token: adminToken, email: E2E_ADMIN.email, roles: 'admin' }, path, language, name, ready);

/** A guest's page at 1366 or 375 wide in English or Persian. */
async function guestPage(language: 'en' | 'fa', width = 1366) {
  const guest = await newPage({ width, height: 800 });
  await guest.page.goto('/login');
  await guest.page.evaluate((lang) => localStorage.setItem('language', lang), language);
  return guest;
}

const approvedCount = async () =>
  Number((await admin.getByTestId('status-APPROVED-value').textContent())?.replace(/[^\d]/g, ''));

describe('dashboard, figures and accounts', { timeout: 180_000 }, () => {
  let refs: { provinceId: number; districtId: number; hospitalId: number; departmentId: number; positionId: number };
  let trainingIds: number[];

  beforeAll(async () => {
    adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const provinces = await api<{ data: { id: number; code: string }[] }>('/provinces', adminToken);
    const provinceId = provinces.data.find((p) => p.code === 'AF01')!.id;
    const districts = await api<{ data: { id: number; code: string }[] }>(
      `/provinces/districts/${provinceId}`,
      adminToken,
    );
    const districtId = districts.data.find((d) => d.code === 'AF0101')!.id;
    const facility = await api<{ success: { id: number } }>('/hospitals', adminToken, {
      name: 'E2E Figures Hospital',
      code: 'E2E-FIG-01',
      type: 'DH',
      province_id: provinceId,
      district_id: districtId,
      is_her_hf: false,
      status: 'Existing',
    });
    const trainings = (await api<{ data: { id: number; department_id: number }[] }>('/trainings', adminToken)).data;
    const byDept = new Map<number, number[]>();
    for (const tr of trainings) byDept.set(tr.department_id, [...(byDept.get(tr.department_id) ?? []), tr.id]);
    const [departmentId, ids] = [...byDept.entries()].find(([, list]) => list.length >= 3)!;
    trainingIds = ids;
    const positions = (await api<{ data: { id: number }[] }>('/positions', adminToken)).data;
    refs = { provinceId, districtId, hospitalId: facility.success.id, departmentId, positionId: positions[0]!.id };
    ({ page: admin } = await newPage());
    await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  });
  afterAll(async () => {
    await admin.context().close();
  });

  it("the dashboard's APPROVED count goes up by one after an assessment is approved", async () => {
    await admin.goto('/');
    await admin.getByTestId('status-APPROVED-value').waitFor();
    const before = await approvedCount();
    const data = {
      assessment_date: '2026-11-01',
      form_no: 'E2E-FIG-0001',
      hr_id: null,
      name: 'Mariam',
      lastname: 'Karimi',
      fathername: 'Abdul Karim',
      birth_year: 1990,
      perminent_province_id: refs.provinceId,
      perminent_district_id: refs.districtId,
      perminent_address_details: 'Karte Char, street 3',
      temp_province_id: refs.provinceId,
      temp_district_id: refs.districtId,
      hospital: refs.hospitalId,
      job_address: 'District hospital, maternity ward',
      temp_address_details: 'Karte Char, street 3',
      marital_status: 'married',
      gender: 'female',
      department_id: refs.departmentId,
      position_id: refs.positionId,
      education_level: '14 Grade',
      education_field: 'Midwifery',
      graduated_university: 'Kabul Institute of Health Sciences',
      experience: '5-10',
      implementing_organization: 'MoPH',
      phone: '+93701234567',
      tazkira: '1400-0101-77777',
      remarks: null,
    };
    const priorities = trainingIds
      .slice(0, 3)
      .map((training, i) => ({ department: refs.departmentId, training, priority: i + 1 }));
    const created = await api<{ success: { id: number } }>('/tnas', adminToken, { data, priorities });
    await api('/tnas/changestatus', adminToken, { staff_id: created.success.id, status: 'APPROVED', remarks: 'OK' });

    await admin.reload();
    await admin.getByTestId('status-APPROVED-value').waitFor();
    await expect.poll(approvedCount).toBe(before + 1);
    // The province and department tables and their charts show the new form.
    const provinceChart = admin.getByRole('img', { name: /Chart of assessments by province: .*Kabul/ });
    await provinceChart.waitFor();
    await admin.getByRole('img', { name: /Chart of assessments by department/ }).waitFor();
    await admin.getByRole('link', { name: 'Advanced Dashboard' }).waitFor();
    await screenshot(admin, 'accounts-dashboard-en-1366');

    await setLanguage(admin, 'fa');
    await admin.getByTestId('status-APPROVED-value').waitFor();
    await admin.getByTestId('bar-chart').nth(1).waitFor();
    await admin.getByRole('img', { name: /کابل/ }).first().waitFor();
    await screenshot(admin, 'accounts-dashboard-fa-1366');
    await setLanguage(admin, 'en');
    await adminShot('/', 'en', 'accounts-dashboard-en-375', '[data-testid="bar-chart"]');
    await adminShot('/', 'fa', 'accounts-dashboard-fa-375', '[data-testid="bar-chart"]');
  });

  it('while the figures are on their way, grey bars stand in for them, pulsing together unless motion is reduced', async () => {
    const { page, context } = await newPage({ width: 375, height: 800 });
    try {
      await storeSession(page, { token: adminToken, email: E2E_ADMIN.email, roles: 'admin', language: 'en' });
      // The figures are held until the checks below are done.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/api\/(tnas\/\w+\/figures|stats\/core)/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      const busy = page.locator('[role="status"][aria-busy="true"]');
      await busy.first().waitFor();
      expect(await busy.first().textContent()).toContain('Loading');
      // Each bar is a plain grey box the size of what it stands for; the animation runs once, on the
      // group (placeholder.module.css), not on every bar.
      const bars = await page.evaluate(() =>
        [...document.querySelectorAll('[aria-hidden="true"] > div')]
          .filter((el) => el.parentElement!.getAnimations().length > 0)
          .map((el) => ({
            height: el.getBoundingClientRect().height,
            background: getComputedStyle(el).backgroundColor,
            ownAnimations: el.getAnimations().length,
          })),
      );
      expect(bars.length, 'grey bars: 5 + 9 tiles and 5 rows in each of the four tables and charts').toBe(34);
      expect(new Set(bars.map((b) => b.height))).toEqual(new Set([84, 36]));
      expect(bars.every((b) => b.background !== 'rgba(0, 0, 0, 0)' && b.ownAnimations === 0)).toBe(true);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('[aria-hidden="true"]')].some((el) => el.getAnimations().length > 0),
        ),
        'no pulse when the user asks for less motion',
      ).toBe(false);
      release();
      await page.getByTestId('status-APPROVED-value').waitFor();
      await page.getByTestId('bar-chart').nth(1).waitFor();
      expect(await busy.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('performance, analytics and error logs show their figures', async () => {
    await admin.goto('/performance');
    await admin.getByRole('table', { name: 'Data entry performance' }).locator('tbody tr').first().waitFor();
    await admin.getByRole('table', { name: 'Data validation performance' }).getByText('Approved').first().waitFor();
    await screenshot(admin, 'accounts-performance-en-1366');

    await admin.goto('/tna/export');
    await admin.getByRole('img', { name: /By status: .*Approved \d/ }).waitFor();
    await admin.getByRole('table', { name: 'Training needs ranking' }).locator('tbody tr').first().waitFor();
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Export to Excel' }).click();
    expect((await download).suggestedFilename()).toMatch(/^training_needs_export_.*\.xlsx$/);
    await screenshot(admin, 'accounts-analytics-en-1366');
    await setLanguage(admin, 'fa');
    await admin.getByTestId('bar-chart').nth(4).waitFor();
    await screenshot(admin, 'accounts-analytics-fa-1366');
    await admin.goto('/performance');
    await admin.getByText('کارکرد ثبت معلومات').first().waitFor();
    // The range in the Solar Hijri calendar: 1 Aqrab 1404 is asked for as 23 October 2025.
    const from = admin.getByRole('group', { name: 'از تاریخ' });
    const asked = admin.waitForRequest((r) => r.url().includes('from=2025-10-23'));
    await from.getByRole('combobox', { name: 'سال' }).selectOption('1404');
    await from.getByRole('combobox', { name: 'ماه' }).selectOption({ label: 'عقرب' });
    await from.getByRole('combobox', { name: 'روز' }).selectOption('1');
    await asked;
    await screenshot(admin, 'accounts-performance-fa-1366');
    await setLanguage(admin, 'en');

    await admin.goto('/logs/error-logs');
    await admin.getByRole('heading', { name: 'Error Logs' }).waitFor();
    await admin.getByRole('table', { name: 'Error logs' }).waitFor();
    await screenshot(admin, 'accounts-error-logs-en-1366');

    await adminShot('/tna/export', 'fa', 'accounts-analytics-fa-375', '[data-testid="bar-chart"]');
    await adminShot('/performance', 'en', 'accounts-performance-en-375', '[data-rows]');
  });

  it('a person registers, the admin accepts them on the Users screen, and they sign in', async () => {
    const guest = await guestPage('en');
    await guest.page.goto('/register');
    await guest.page.getByRole('button', { name: 'Register' }).click();
    await guest.page.getByText('Form is not valid!').first().waitFor();
    await guest.page.getByRole('textbox', { name: 'Name (optional)' }).fill(NEWCOMER.name);
    await guest.page.getByRole('textbox', { name: 'Email' }).fill(NEWCOMER.email);
    await guest.page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEWCOMER.password);
    await guest.page.getByRole('textbox', { name: 'Retype password' }).fill(NEWCOMER.password);
    await guest.page.getByRole('checkbox', { name: 'I agree to the terms' }).check();
    await guest.page.getByRole('button', { name: 'Register' }).click();
    await guest.page.getByText('Your request was sent. An administrator will review it').waitFor();
    await screenshot(guest.page, 'accounts-register-sent-en-1366');

    await admin.goto('/users');
    await admin.getByRole('tab', { name: 'Account requests' }).click();
    const row = admin.getByRole('row').filter({ hasText: NEWCOMER.email });
    await row.waitFor();
    await row.getByLabel(`Role for ${NEWCOMER.email}`).click();
    await admin.getByRole('option', { name: 'Data Entry' }).click();
    await screenshot(admin, 'accounts-requests-en-1366');
    await row.getByRole('button', { name: 'Accept' }).click();
    await admin.getByText('The account was created').first().waitFor();
    await row.waitFor({ state: 'detached' });

    await signIn(guest.page, NEWCOMER.email, NEWCOMER.password);
    // Signed in as a data-entry user: their email in the header.
    await guest.page.getByText(NEWCOMER.email).first().waitFor();
    await guest.context.close();
  });

  it('a person forgets their password, the admin creates a link, they set a new one and sign in', async () => {
    await addUser(adminToken, FORGETFUL, 'validator');
    const guest = await guestPage('fa');
    await guest.page.goto('/forgot-password');
    await guest.page.locator('input[type="email"]').fill(FORGETFUL.email);
    await guest.page.locator('button[type="submit"]').click();
    await guest.page.getByText('درخواست شما ارسال شد').waitFor();
    await screenshot(guest.page, 'accounts-forgot-sent-fa-1366');

    await setLanguage(admin, 'fa');
    await admin.goto('/users');
    await admin.getByRole('tab', { name: 'درخواست‌های بازیابی رمز' }).click();
    await admin.getByRole('row').filter({ hasText: FORGETFUL.email }).waitFor();
    await screenshot(admin, 'accounts-resets-fa-1366');
    await admin.getByRole('button', { name: `ایجاد لینک برای ${FORGETFUL.email}` }).click();
    const link = await admin.getByTestId('reset-link').inputValue();
    expect(link).toContain('/recover-password?token=');
    await admin.getByText('لینک از طریق ایمیل ارسال نشد').waitFor();
    await screenshot(admin, 'accounts-reset-link-fa-1366');
    await admin.keyboard.press('Escape');
    await setLanguage(admin, 'en');
    await adminShot('/users', 'fa', 'accounts-users-fa-375', '[data-rows]');

    const url = new URL(link);
    await guest.page.goto(`${url.pathname}${url.search}`);
    await guest.page.locator('input[autocomplete="new-password"]').nth(0).fill(NEW_PASSWORD);
    await guest.page.locator('input[autocomplete="new-password"]').nth(1).fill(NEW_PASSWORD);
    await screenshot(guest.page, 'accounts-recover-fa-1366');
    await guest.page.locator('button[type="submit"]').click();
    await guest.page.waitForURL(`${baseUrl()}/login`);

    // The link works once: a second use says so.
    const again = await guestPage('en', 375);
    await again.page.goto(`${url.pathname}${url.search}`);
    await again.page.getByRole('textbox', { name: 'Password', exact: true }).fill('another-pass-3');
    await again.page.getByRole('textbox', { name: 'Confirm Password' }).fill('another-pass-3');
    await again.page.getByRole('button', { name: 'Change password' }).click();
    await again.page.getByText('This link is not valid any more').waitFor();
    await screenshot(again.page, 'accounts-recover-used-en-375');
    await again.context.close();

    await guest.page.evaluate(() => localStorage.setItem('language', 'en'));
    await signIn(guest.page, FORGETFUL.email, NEW_PASSWORD);
    await guest.context.close();
  });
});
