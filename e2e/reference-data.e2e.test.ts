import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';

/** Names of what the admin adds, unique to this file so other suites' data cannot match. */
const DISTRICT = 'Rd District';
const DISTRICT_FA = 'ولسوالی آزمایشی';
const FACILITY = 'Qz Health Center';
const DEPARTMENT = 'Rd Department';
const DEPARTMENT_FA = 'دیپارتمنت آزمایشی';
const TRAINING = 'Rd Training';
const POSITION = 'Rd Position';

const SCREENS = [
  ['administratives', 'Administratives', 'واحدهای اداری'],
  ['hospitals', 'Health Facilities', 'مراکز صحی'],
  ['departments', 'Departments', 'دیپارتمنت‌ها'],
  ['positions', 'Positions', 'بست‌ها'],
  ['trainings', 'Trainings', 'آموزش‌ها'],
  ['logs/user-logs', 'User Logs', 'لاگ‌های کاربران'],
] as const;

let page: Page;
let token = '';

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Choose an option of a Mantine Select, typing first to narrow long lists. */
async function choose(field: Locator, option: string, type?: string) {
  await field.click();
  if (type !== undefined) await field.fill(type);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Add an option to a Mantine MultiSelect; its list stays open for more, so it is closed after. */
async function add(field: Locator, option: string, type?: string) {
  await choose(field, option, type);
  await page.keyboard.press('Escape');
}

const combobox = (name: string) => page.getByRole('combobox', { name, exact: true });
const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
const row = (...texts: (string | RegExp)[]) => {
  let rows = page.getByRole('row');
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
};

/** Elements that reach past the right or left edge of the screen outside a scrolling box (menus off-screen aside). */
function wideElements(view: Page): Promise<string[]> {
  return view.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return [];
    const out: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || (r.right <= window.innerWidth + 1 && r.left >= -1)) continue;
      // Inside a scrolling box, or in a fixed layer (the closed drawer), it does not widen the page.
      let node: Element | null = el;
      let scrolls = false;
      while (node && !scrolls) {
        const style = getComputedStyle(node);
        scrolls = style.position === 'fixed' || (node !== el && ['auto', 'scroll', 'hidden'].includes(style.overflowX));
        node = node.parentElement;
      }
      if (!scrolls)
        out.push(`${el.tagName.toLowerCase()}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return out.length ? out.slice(0, 10) : [`document ${document.documentElement.scrollWidth}px wide`];
  });
}

async function toast(text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Type in the facility search box and wait for the list the server sends for it (the box is debounced). */
async function search(text: string) {
  const answer = page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/hospitals' && (url.searchParams.get('search') ?? '') === text;
  });
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await answer;
}

async function confirmDialog() {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('reference data: an admin manages the lists and finds every change in User Logs', () => {
  beforeAll(async () => {
    ({ page } = await newPage());
    const res = await fetch(`${baseUrl()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    token = ((await res.json()) as { success: { token: string } }).success.token;
  });
  afterAll(async () => {
    await page.context().close();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await screenshot(page, `reference-failed-${task.name.replace(/\W+/g, '-')}`);
  });

  it('signs in and adds a district to Kabul', async () => {
    await page.goto('/login');
    await textbox('Email').fill(E2E_ADMIN.email);
    await textbox('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl()}/`);

    await page.goto('/administratives');
    await page.getByRole('heading', { name: 'Administratives' }).waitFor();
    await row('Kabul', 'Province').first().waitFor();
    expect(await page.getByRole('button', { name: /^Districts of / }).count()).toBe(34);

    await page.getByRole('button', { name: 'Add District' }).click();
    const submit = page.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await choose(combobox('Province'), 'Kabul', 'kab');
    await textbox('District Name').fill(DISTRICT);
    await textbox('Name in Dari').fill(DISTRICT_FA);
    await submit.click();
    await toast('Registration succeeded');

    await page.getByRole('button', { name: 'Districts of Kabul' }).click();
    const panel = page.getByRole('region', { name: 'Districts of Kabul' });
    await panel.getByText(DISTRICT, { exact: true }).waitFor();
    expect(await panel.getByText('Paghman', { exact: true }).count()).toBe(1);
  });

  it('adds a health facility in that district; the list sorts and pages on the server', async () => {
    // Twenty more facilities through the API, so that the list has pages to follow.
    const kabul = (await api<{ data: { id: number; name_en: string }[] }>('/provinces')).data.find(
      (p) => p.name_en === 'Kabul',
    )!;
    const districts = (
      await api<{ data: { id: number; name_en: string }[] }>(`/provinces/districts/${kabul.id}`)
    ).data.filter((d) => d.name_en !== DISTRICT);
    for (let i = 1; i <= 20; i++) {
      await api('/hospitals', {
        method: 'POST',
        body: {
          name: `Qz Clinic ${String(i).padStart(2, '0')}`,
          code: `QZ-${String(i).padStart(3, '0')}`,
          type: i % 2 ? 'BHC' : 'SHC',
          province_id: kabul.id,
          district_id: districts[i % districts.length]!.id,
          is_her_hf: false,
          status: 'Existing',
        },
      });
    }

    await page.goto('/hospitals');
    await page.getByRole('heading', { name: 'Health Facilities' }).waitFor();
    await page.getByRole('button', { name: 'Add Health Facility' }).click();
    await textbox('Name').fill(FACILITY);
    await textbox('Code').fill('QZ-900');
    await choose(combobox('Type'), 'CHC - Comprehensive Health Center');
    await choose(combobox('Province'), 'Kabul', 'Kabul');
    await choose(combobox('District'), DISTRICT, 'Rd');
    await textbox('Latitude').fill('34.52');
    await textbox('Longitude').fill('69.18');
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Registration succeeded');

    // Back in the list. Searching 'qz' keeps to this test's 21 facilities: 15 a page, sorted by name
    // (ours is the last).
    await search('qz');
    await page.getByText('Showing 1 to 15 of 21').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText('Showing 16 to 21 of 21').waitFor();
    await row(FACILITY, 'CHC - Comprehensive Health Center', DISTRICT, 'Existing').waitFor();
    expect(await page.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('16');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Code, descending: the facility added in the form (QZ-900) comes first, across all pages.
    await page.getByRole('button', { name: 'Code' }).click();
    await page.getByRole('button', { name: 'Code' }).click();
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('QZ-900');
    expect(await page.getByRole('columnheader', { name: 'Code' }).getAttribute('aria-sort')).toBe('descending');

    // Search by code, and the district filter narrows to the new district.
    await search('qz-01');
    await page.getByText('Showing 1 to 10 of 10').waitFor();
    await search('');
    await choose(combobox('Province'), 'Kabul', 'Kabul');
    await choose(combobox('District'), DISTRICT, 'Rd');
    await page.getByText('Showing 1 to 1 of 1').waitFor();
    await row(FACILITY).waitFor();
  });

  it('adds a department in Persian: the page turns right to left', async () => {
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: 'فارسی' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');

    await page.goto('/departments');
    await page.getByRole('heading', { name: 'دیپارتمنت‌ها' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'افزودن' }).click();
    await textbox('نام').fill(DEPARTMENT);
    await textbox('نام به دری').fill(DEPARTMENT_FA);
    await textbox('نام به پښتو').fill('ازمایښتي څانګه');
    await page.getByRole('textbox', { name: 'ملاحظات' }).fill('برای آزمایش');
    await page.getByRole('button', { name: 'ارسال' }).click();
    await toast('ثبت موفقانه انجام شد');
    // The list names departments in Dari, with the English name beside it.
    await row(DEPARTMENT_FA, DEPARTMENT, 'برای آزمایش').waitFor();
    await screenshot(page, 'reference-departments-added-fa');

    // Back to English for the rest (the language is remembered in the browser).
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('adds a training of the new department for an existing position', async () => {
    await page.goto('/trainings');
    await page.getByRole('heading', { name: 'Trainings' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await textbox('Title En').fill(TRAINING);
    await choose(combobox('Training type'), 'Initial');
    await choose(combobox('Frequency'), 'Every year');
    await choose(combobox('Department'), DEPARTMENT, 'rd dep');
    // Searchable in Arabic script too: the Dari title of the seeded position.
    await add(combobox('Positions'), 'Vaccinator', 'واکسیناتور');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Registration succeeded');
    await row(TRAINING, 'Every year', DEPARTMENT, 'Vaccinator').waitFor();
  });

  it("adds a position whose trainings come from the chosen department's list", async () => {
    await page.goto('/positions');
    await page.getByRole('heading', { name: 'Positions' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await textbox('Title in English').fill(POSITION);
    await textbox('Title in Dari').fill('بست آزمایشی');
    await textbox('Title in Pashto').fill('ازمایښتي بست');
    const trainings = combobox('Trainings');
    expect(await trainings.isDisabled()).toBe(true);
    await choose(combobox('Department'), DEPARTMENT, 'Rd');
    await trainings.click();
    // Only the department's trainings are offered: ours, and none of the catalogue's.
    await page.getByRole('option', { name: TRAINING, exact: true }).waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await page.getByRole('option', { name: TRAINING, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Registration succeeded');
    await row(POSITION, 'بست آزمایشی', TRAINING).waitFor();
  });

  it('edits the training after the confirm dialog', async () => {
    await page.goto('/trainings');
    await page.getByRole('button', { name: `Edit ${TRAINING}` }).click();
    await page.getByText('Are you sure to edit?').waitFor();
    await confirmDialog();
    expect(await textbox('Title En').inputValue()).toBe(TRAINING);
    expect(await combobox('Department').inputValue()).toBe(DEPARTMENT);
    await choose(combobox('Frequency'), 'Every 2 years');
    await page.getByRole('button', { name: 'Submit' }).click();
    await toast('Registration succeeded');
    // The position added above keeps the training (it serves both now).
    await row(TRAINING, 'Every 2 years', POSITION, 'Vaccinator').waitFor();
  });

  it('refuses to delete a department in use, saying what uses it', async () => {
    await page.goto('/departments');
    await page.getByRole('button', { name: `Delete ${DEPARTMENT}` }).click();
    await page.getByText('Are you sure to delete?').waitFor();
    await confirmDialog();
    await toast('Deletion Failed!');
    await page.getByText('This department cannot be deleted: it is used by 1 position, 1 training.').waitFor();
    await row(DEPARTMENT).waitFor();
  });

  it('deletes the health facility after the confirm dialog', async () => {
    await page.goto('/hospitals');
    await search('QZ-900');
    await row(FACILITY).waitFor();
    await page.getByRole('button', { name: `Delete ${FACILITY}` }).click();
    await confirmDialog();
    await toast('Deletion Succeeded');
    await page.getByText('No records found').waitFor();
  });

  it('finds every change in User Logs', async () => {
    await page.goto('/logs/user-logs');
    await page.getByRole('heading', { name: 'User Logs' }).waitFor();
    // Newest first: the deletion of the facility heads the list.
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toMatch(/Deleted.*Health facility.*Qz Health/);

    const expectations: [model: string, event: string, text: string | RegExp][] = [
      ['District', 'Created', DISTRICT],
      ['Health facility', 'Created', FACILITY],
      ['Health facility', 'Deleted', FACILITY],
      ['Department', 'Created', DEPARTMENT],
      ['Training', 'Created', TRAINING],
      // One line per changed field: old → new.
      ['Training', 'Updated', /frequency: 1 year →.*2 years/],
      ['Position', 'Created', POSITION],
    ];
    for (const [model, event, text] of expectations) {
      await choose(combobox('Model'), model);
      await choose(combobox('Event'), event);
      await row(event, model, text).first().waitFor();
    }
    // The admin's name stands beside the user id.
    expect(await row(POSITION, 'Administrator').count()).toBe(1);
    // The range is entered in the language's calendar (here the Gregorian); a "To" before "From" says so.
    const now = new Date();
    const day = async (name: string, year: number, month: number, date: number) => {
      const group = page.getByRole('group', { name });
      await group.getByRole('combobox', { name: 'Year' }).selectOption(String(year));
      await group.getByRole('combobox', { name: 'Month' }).selectOption(String(month));
      await group.getByRole('combobox', { name: 'Day' }).selectOption(String(date));
    };
    await day('From', now.getFullYear(), now.getMonth() + 1, now.getDate());
    await day('To', now.getFullYear() - 1, now.getMonth() + 1, 1);
    await page.getByText(/^This field should equal or greater than/).waitFor();
    await day('To', now.getFullYear(), now.getMonth() + 1, now.getDate());
    await expect.poll(() => page.getByText(/^This field should equal or greater than/).count()).toBe(0);
    await row(POSITION, 'Created').first().waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => combobox('Model').inputValue()).toBe('');
    const from = page.getByRole('group', { name: 'From' });
    const parts = ['Day', 'Month', 'Year'].map((name) => from.getByRole('combobox', { name }).inputValue());
    await expect(Promise.all(parts)).resolves.toEqual(['', '', '']);
  });

  it('shows every screen on a desktop and a phone, in English and Persian', { timeout: 300_000 }, async () => {
    for (const [width, device] of [
      [1366, 'desktop'],
      [375, 'phone'],
    ] as const) {
      for (const language of ['en', 'fa'] as const) {
        const { page: view, context } = await newPage({ width, height: 800 });
        await view.goto('/login');
        await view.evaluate(
          ([t, email, lang]) => {
            localStorage.setItem('token', t);
            localStorage.setItem('email', email);
            localStorage.setItem('roles', 'admin');
            localStorage.setItem('language', lang);
          },
          [token, E2E_ADMIN.email, language] as const,
        );
        for (const [path, en, fa] of SCREENS) {
          await view.goto(`/${path}`);
          await view.getByRole('heading', { name: language === 'en' ? en : fa, exact: true }).waitFor();
          await view.locator('[data-rows]').first().waitFor();
          await view.waitForLoadState('networkidle');
          expect(await view.evaluate(() => document.documentElement.dir)).toBe(language === 'fa' ? 'rtl' : 'ltr');
          // Nothing but a table's own scroller may be wider than the screen.
          expect(await wideElements(view), `${path} ${language} ${width}`).toEqual([]);
          await screenshot(view, `reference-${path.replace('/', '-')}-${language}-${device}`);
        }
        await context.close();
      }
    }
  });
});
