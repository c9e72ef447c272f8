// The New Assessment form as an officer with a phone uses it (issue 15): Solar Hijri dates and birth
// years in Persian, Persian digits in the phone and tazkira numbers, the +937 prefix kept when the
// number is typed, no "required" before a field was changed, and the focused field never under the
// fixed footer at 375 px.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { addKabulFacility, addUser, api, choose, field, listOf, login, pick, storeSession } from './support/helpers.js';

const OFFICER = { name: 'Phone Officer', email: 'phone-officer@e2e.tna.test', password: 'e2e-phone-pass-1' };
const FACILITY = { name: 'E2E Phone Clinic', code: 'E2E-0909' };

let page: Page;
let officerToken: string;

/** The error texts the form shows under its fields. */
const fieldErrors = (p: Page) => p.locator('form .mantine-InputWrapper-error');

/** Move the keyboard to a field as a person does: focus the field before it, then Tab. */
async function tabInto(p: Page, before: string) {
  await field(p, before).focus();
  await p.keyboard.press('Tab');
}

/** Whether the focused element lies wholly in the window, below the header and above the footer. */
async function focusedIsVisible(p: Page): Promise<{ visible: boolean; detail: string }> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const box = el.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const footer = document.querySelector('footer')?.getBoundingClientRect().top ?? window.innerHeight;
    return {
      visible: box.top >= header && box.bottom <= footer && box.bottom <= window.innerHeight,
      detail: `${el.id}: ${box.top}-${box.bottom}, header ${header}, footer ${footer}`,
    };
  });
}

describe('the New Assessment form on a phone, in Persian', { timeout: 150_000 }, () => {
  beforeAll(async () => {
    const adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    await addKabulFacility(adminToken, FACILITY);
    await addUser(adminToken, OFFICER, 'dataentry');
    officerToken = await login(OFFICER.email, OFFICER.password);
    ({ page } = await newPage({ width: 375, height: 800 }));
    await storeSession(page, { token: officerToken, email: OFFICER.email, roles: 'dataentry', language: 'fa' });
    await page.goto('/tna/create');
    await field(page, 'name').waitFor();
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('opens with no hidden option lists; a select gets its list when focused, and ArrowDown highlights an option', async () => {
    // The whole form is there (the sub-form's last select is in its last part).
    await page.locator('#tna-line-priority').waitFor();
    // Closed selects render no options: a dozen hidden lists made most of a slow phone's first render.
    await expect(page.locator('[role="option"]').count()).resolves.toBe(0);
    // The form's rules (Zod and the schemas) are not loaded until the form is touched.
    const rulesLoaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assessment-rules-')));
    await expect(rulesLoaded()).resolves.toBe(false);
    const input = field(page, 'marital_status');
    await input.focus();
    await expect.poll(rulesLoaded).toBe(true);
    await expect.poll(() => page.locator('[role="option"]').count()).toBeGreaterThan(0);
    // The keyboard works as before: the first ArrowDown opens the list with an option highlighted.
    await input.press('ArrowDown');
    await expect.poll(() => input.getAttribute('aria-activedescendant')).toBeTruthy();
    await input.press('Escape');
    await expect(input.inputValue()).resolves.toBe('');
    // A tap on a select never focused before opens its list, and says so to a screen reader at once.
    const gender = field(page, 'gender');
    await gender.click();
    await expect(gender.getAttribute('aria-expanded')).resolves.toBe('true');
    const list = await gender.getAttribute('aria-controls');
    await expect(page.locator(`[id="${list}"] [role="option"]`).count()).resolves.toBeGreaterThan(0);
    await gender.press('Escape');
  });

  it("brings the selects' code at the first touch, and gives it the tap and the text that came before it", async () => {
    // A page of its own, first loaded without the selects' code, whose arrival the test holds back.
    const { page: fresh, context } = await newPage({ width: 375, height: 800 });
    await storeSession(fresh, { token: officerToken, email: OFFICER.email, roles: 'dataentry', language: 'fa' });
    let asked = false;
    let arrive!: () => void;
    const arrival = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    await fresh.route(/\/assets\/floating-parts-[\w-]+\.js$/, async (route) => {
      asked = true;
      await arrival;
      await route.continue();
    });
    await fresh.goto('/tna/create');
    const province = field(fresh, 'perminent_province_id');
    await fresh.locator('#tna-line-priority').waitFor();
    expect(asked, "the page asked for the selects' code before anyone touched it").toBe(false);
    // The tap and the letters reach the stand-in; the code is asked for at that first touch.
    await province.click();
    await expect.poll(() => asked).toBe(true);
    await fresh.keyboard.type('کاب');
    await expect(province.inputValue()).resolves.toBe('کاب');
    arrive();
    // The select takes over with the keyboard and the text: its list opens on the first match.
    const list = await listOf(province);
    await fresh.locator(`[id="${list}"] [data-combobox-selected]`).waitFor();
    await expect.poll(() => fresh.evaluate(() => document.activeElement?.id)).toBe('tna-field-perminent_province_id');
    await province.press('Enter');
    await expect.poll(() => province.inputValue()).toBe('کابل');
    // The province is taken: its districts can be chosen.
    await expect.poll(() => field(fresh, 'perminent_district_id').isEnabled()).toBe(true);
    await context.close();
  });

  it('keeps every letter typed into Name as the first touch, and a select tapped while its code is being put in place opens', async () => {
    // The first touch is in a text field: the selects' code is loaded for later, and the stand-ins
    // are replaced in a transition (components/floating-parts-loader.ts) that typing interrupts. A
    // slow phone (CPU 4x) keeps the replacement pending longer.
    const { page: fresh, context } = await newPage({ width: 375, height: 800 });
    await storeSession(fresh, { token: officerToken, email: OFFICER.email, roles: 'dataentry', language: 'fa' });
    let arrive!: () => void;
    const arrival = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    let asked = false;
    await fresh.route(/\/assets\/floating-parts-[\w-]+\.js$/, async (route) => {
      asked = true;
      await arrival;
      await route.continue();
    });
    await fresh.goto('/tna/create');
    await fresh.locator('#tna-line-priority').waitFor();
    const cdp = await context.newCDPSession(fresh);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const name = field(fresh, 'name');
    await name.click();
    await expect.poll(() => asked).toBe(true);
    await fresh.keyboard.type('Ahm', { delay: 50 });
    arrive();
    await fresh.keyboard.type('ad', { delay: 50 });
    // At once, while the selects may still be being put in place: the tap is not lost.
    const province = field(fresh, 'perminent_province_id');
    await province.click();
    await expect.poll(() => province.getAttribute('aria-expanded')).toBe('true');
    await expect(name.inputValue()).resolves.toBe('Ahmad');
    await fresh.keyboard.type('کاب');
    const list = await listOf(province);
    await fresh.locator(`[id="${list}"] [data-combobox-selected]`).waitFor();
    await province.press('Enter');
    await expect.poll(() => province.inputValue()).toBe('کابل');
    await context.close();
  });

  it('takes the marked first match on Enter when the text came in one piece (a paste, a suggestion)', async () => {
    // The training's department, where focus returns after Next: its list opens when text arrives.
    const input = page.locator('#tna-line-department');
    await input.focus();
    await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.insertText('Maternal');
    const list = await input.getAttribute('aria-controls');
    const marked = page.locator(`[id="${list}"] [data-combobox-selected]`);
    await marked.waitFor();
    // Marked after the list's own opening work is done, as a person reads it before pressing Enter.
    await page.waitForTimeout(200);
    const shown = await marked.textContent();
    expect(shown).toBe('صحت مادر و نوزاد');
    await input.press('Enter');
    // Before the fix the list stayed open with "Maternal" in the box: Enter did nothing.
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('false');
    await expect(input.inputValue()).resolves.toBe(shown);
  });

  it('says nothing is missing before a field was changed, and says it after', async () => {
    // The keyboard passes through the names without typing.
    await field(page, 'name').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(fieldErrors(page).count()).resolves.toBe(0);
    // A name typed and erased is missing, and the form says so when the field is left.
    await field(page, 'name').fill('x');
    await field(page, 'name').fill('');
    await field(page, 'name').press('Tab');
    await expect.poll(() => fieldErrors(page).count()).toBe(1);
    await expect(page.locator('#tna-field-name-error').textContent()).resolves.toBeTruthy();
    // 'Show what is missing' marks every empty field.
    await page.getByRole('button', { name: 'نمایش موارد ناقص' }).click();
    await expect.poll(() => fieldErrors(page).count()).toBeGreaterThan(10);
    await screenshot(page, 'form-phone-missing-fa');
  });

  it('keeps the +937 prefix when the keyboard moves into Phone and the number is typed', async () => {
    await page.goto('/tna/create');
    await field(page, 'name').waitFor();
    await expect(field(page, 'phone').inputValue()).resolves.toBe('+937');
    await tabInto(page, 'implementing_organization');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('tna-field-phone');
    await page.keyboard.type('00123456');
    await expect(field(page, 'phone').inputValue()).resolves.toBe('+93700123456');
  });

  it('shows the focused field above the fixed footer at 375 px', async () => {
    for (const [before, target] of [
      ['perminent_address_details', 'temp_province_id'],
      ['job_address', 'marital_status'],
      ['position_id', 'education_level'],
      ['implementing_organization', 'phone'],
    ] as const) {
      // Start with the target just below the window, where the footer is.
      await field(page, target).evaluate((el) =>
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 790),
      );
      await tabInto(page, before);
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(`tna-field-${target}`);
      const { visible, detail } = await focusedIsVisible(page);
      expect(visible, detail).toBe(true);
      await page.keyboard.press('Escape');
    }
    await screenshot(page, 'form-phone-focus-fa');
  });

  it('takes a Solar Hijri date and birth year and Persian digits, and sends ISO Gregorian values', async () => {
    // Leave the form first: it writes what the last test typed as a draft when it closes (nothing typed
    // is lost), and that draft would be offered instead of an empty form.
    await page.goto('/tna');
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('tna-draft:')) localStorage.removeItem(key);
    });
    await page.goto('/tna/create');
    await field(page, 'name').waitFor();
    // 1 Aqrab 1404 is 23 October 2025.
    const date = page.getByRole('group', { name: /^تاریخ ارزیابی/ });
    await date.getByRole('combobox', { name: 'سال' }).selectOption('1404');
    await date.getByRole('combobox', { name: 'ماه' }).selectOption({ label: 'عقرب' });
    await date.getByRole('combobox', { name: 'روز' }).selectOption('1');
    await field(page, 'form_no').fill('PHN-1404-1');
    await field(page, 'name').fill('کریم');
    await field(page, 'lastname').fill('احمدی');
    await field(page, 'fathername').fill('رحیم');
    // Born 1365 by the tazkira: stored as 1986.
    await choose(page, 'tna-field-birth_year', '۱۳۶۵');
    await expect(field(page, 'birth_year').inputValue()).resolves.toBe('۱۳۶۵');
    await choose(page, 'tna-field-perminent_province_id', 'Kabul');
    await choose(page, 'tna-field-perminent_district_id', 'Kabul');
    await field(page, 'perminent_address_details').fill('کارته ۳');
    await choose(page, 'tna-field-temp_province_id', 'Kabul');
    await choose(page, 'tna-field-temp_district_id', 'Kabul');
    await choose(page, 'tna-field-hospital', FACILITY.code);
    await field(page, 'job_address').fill('کلینیک');
    await pick(page, 'tna-field-marital_status', 1);
    await pick(page, 'tna-field-gender', 0);
    await field(page, 'temp_address_details').fill('کارته ۳، کابل');
    await choose(page, 'tna-field-department_id', 'Maternal');
    await choose(page, 'tna-field-position_id', 'Community Midwife');
    await pick(page, 'tna-field-education_level', 3);
    await field(page, 'education_field').fill('قابلگی');
    await field(page, 'graduated_university').fill('انستیتوت علوم صحی');
    await pick(page, 'tna-field-experience', 1);
    await field(page, 'implementing_organization').fill('AHDS');
    // A Persian phone keyboard gives Persian digits.
    await field(page, 'phone').fill('+۹۳۷۰۰۱۲۳۴۵۶');
    await field(page, 'tazkira').fill('۱۴۰۰-۰۹۰۹-۶۶۶۶۶');
    await choose(page, 'tna-line-department', 'Maternal');
    await choose(page, 'tna-line-training', 'ANC');
    await pick(page, 'tna-line-priority', 0);
    await page.getByRole('button', { name: 'بعدی', exact: true }).click();
    const submit = page.getByRole('button', { name: 'ارسال', exact: true });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/tnas') && r.request().method() === 'POST');
    await submit.click();
    const response = await created;
    expect(response.status()).toBe(200);
    const id = ((await response.json()) as { success: { id: number } }).success.id;

    const saved = await api<{
      data: { assessment_date: string; birth_year: number; phone: string; tazkira: string };
    }>(`/tnas/bystaffid/${id}`, officerToken);
    expect(saved.data.assessment_date.slice(0, 10)).toBe('2025-10-23');
    expect(saved.data.birth_year).toBe(1986);
    expect(saved.data.phone).toBe('+93700123456');
    expect(saved.data.tazkira).toBe('1400-0909-66666');

    // The details page gives the date back in the Solar Hijri calendar.
    await page.goto(`/tna/details/${id}`);
    await page.getByText('۱ عقرب ۱۴۰۴').first().waitFor();
    await screenshot(page, 'form-phone-details-fa');
  });

  it("says the server cannot be reached when the form's rules cannot load, keeps what was typed, and loads them at the next try", async () => {
    // A first visit whose link drops before the rules' code came (later visits have it on the device).
    const { page: fresh } = await newPage({ width: 375, height: 800 });
    try {
      await storeSession(fresh, { token: officerToken, email: OFFICER.email, roles: 'dataentry', language: 'fa' });
      await fresh.route(/assessment-rules-/, (route) => route.abort('internetdisconnected'));
      await fresh.goto('/tna/create');
      await field(fresh, 'name').fill('کریم');
      const showMissing = fresh.getByRole('button', { name: 'نمایش موارد ناقص' });
      await showMissing.click();
      await fresh.getByText('به سرور دسترسی نشد. لطفاً اتصال خود را بررسی کنید.').first().waitFor();
      await expect(field(fresh, 'name').inputValue()).resolves.toBe('کریم');
      await expect(fresh.url()).not.toContain('/login');
      await fresh.unroute(/assessment-rules-/);
      await showMissing.click();
      await expect.poll(() => fieldErrors(fresh).count()).toBeGreaterThan(10);
      await expect(field(fresh, 'name').inputValue()).resolves.toBe('کریم');
    } finally {
      await fresh.context().close();
    }
  });
});
