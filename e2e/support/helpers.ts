// What the browser tests share: calls to the API (to set up data the way a client would), and the
// steps every screen test takes (sign in, switch language, pick in a searchable select, fill the New
// Assessment form, look at a screen at phone width).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, newPage, screenshot } from './browser.js';

/** A JSON call to the app's API: GET, or POST when there is a body; throws on an error answer. */
export async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Sign in through the API; the bearer token. */
export async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { success: { token: string } }).success.token;
}

/** A user of `role` created by the admin, as the Users screen would (SPEC 7 users/register). */
export async function addUser(
  adminToken: string,
  user: { name: string; email: string; password: string },
  role: string,
): Promise<void> {
  await api('/users/register', adminToken, {
    name: user.name,
    email: user.email,
    password: user.password,
    c_password: user.password,
    role,
  });
}

/** Ids of a place in Kabul the forms name: a province, one of its districts and a facility there. */
export interface PlaceIds {
  provinceId: number;
  districtId: number;
  facilityId: number;
}

/**
 * An existing facility (a CHC unless `type` says otherwise) in Kabul's first district (AF0101), the
 * place the form tests fill in; the ids a form names it by.
 */
export async function addKabulFacility(
  adminToken: string,
  facility: { name: string; code: string },
  type = 'CHC',
): Promise<PlaceIds> {
  const provinces = await api<{ data: { id: number; code: string }[] }>('/provinces', adminToken);
  const provinceId = provinces.data.find((p) => p.code === 'AF01')!.id;
  const districts = await api<{ data: { id: number; code: string }[] }>(
    `/provinces/districts/${provinceId}`,
    adminToken,
  );
  const districtId = districts.data.find((d) => d.code === 'AF0101')!.id;
  const created = await api<{ success: { id: number } }>('/hospitals', adminToken, {
    ...facility,
    type,
    province_id: provinceId,
    district_id: districtId,
    is_her_hf: false,
    status: 'Existing',
  });
  return { provinceId, districtId, facilityId: created.success.id };
}

/**
 * A form sent through the API as the New Assessment screen sends it (multipart, with an idempotency
 * key), born, living and working at `place`, in the Maternal department with one of its positions and
 * its first training at `priority`; `person` is what sets this form apart. Its id.
 */
export async function postAssessment(
  token: string,
  place: PlaceIds,
  person: {
    form_no: string;
    name: string;
    lastname: string;
    fathername: string;
    birth_year: number;
    marital_status: string;
    experience: string;
    phone: string;
    tazkira: string;
  },
  priority: number,
): Promise<number> {
  const departments = await api<{ data: { id: number; name: string }[] }>('/departments', token);
  const department = departments.data.find((d) => d.name.startsWith('Maternal'))!.id;
  const trainings = await api<{ data: { id: number }[] }>(`/trainings/bydepartment/${department}`, token);
  const positions = await api<{ data: { id: number; department_id: number }[] }>('/positions', token);
  const body = new FormData();
  body.set(
    'data',
    JSON.stringify({
      assessment_date: new Date().toISOString().slice(0, 10),
      ...person,
      perminent_province_id: place.provinceId,
      perminent_district_id: place.districtId,
      perminent_address_details: 'Kabul',
      temp_province_id: place.provinceId,
      temp_district_id: place.districtId,
      hospital: place.facilityId,
      job_address: 'Kabul',
      temp_address_details: 'Kabul',
      gender: 'female',
      department_id: department,
      position_id: positions.data.find((p) => p.department_id === department)!.id,
      education_level: 'Bachelor',
      education_field: 'Nursing',
      graduated_university: 'KUMS',
      implementing_organization: 'AHDS',
    }),
  );
  body.set('priorities', JSON.stringify([{ department, training: trainings.data[0]!.id, priority }]));
  const res = await fetch(`${baseUrl()}/api/tnas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    body,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { success: { id: number } }).success.id;
}

/** Sign in on the login screen; waits for `landing`, or for any page but the login page. */
export async function signIn(p: Page, email: string, password: string, landing?: string) {
  await p.goto('/login');
  await p.getByRole('textbox', { name: 'Email' }).fill(email);
  await p.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await p.getByRole('button', { name: 'Sign In' }).click();
  // Each role lands on its own first screen.
  await p.waitForURL(landing ? `${baseUrl()}${landing}` : (url) => !url.pathname.startsWith('/login'));
}

/**
 * Wait until no toast is on screen. A toast sits over the top corner's page actions (SPEC: top-right)
 * for its 3 s, and takes a click meant for them: Add pressed under a sliding-in toast never opened
 * the form, and one under the pointer stays open as long as the pointer rests on it.
 */
export async function toastsClosed(p: Page) {
  await p.mouse.move(0, 0);
  await p.waitForFunction(() => !document.querySelector('.mantine-Notifications-notification'));
}

export async function setLanguage(p: Page, language: 'en' | 'fa') {
  await p.evaluate((lang) => localStorage.setItem('language', lang), language);
  await p.reload();
  await p.waitForFunction((dir) => document.documentElement.dir === dir, language === 'fa' ? 'rtl' : 'ltr');
}

/**
 * The id of a select's list once it has opened. At a page's first touch the select's code is still on
 * its way (src/components/floating-parts-loader.ts): its stand-in keeps the click, the key or the
 * text and the list opens a moment later, as a person sees it.
 */
export async function listOf(input: Locator): Promise<string> {
  await expect
    .poll(() => input.getAttribute('aria-controls'), { timeout: 10_000, message: 'the select opened no list' })
    .toBeTruthy();
  return (await input.getAttribute('aria-controls'))!;
}

/**
 * A searchable select: type, wait for the filtered list, Enter takes the first match. Its own list
 * (the input's aria-controls: other selects' lists may still be in the page): the list is filtered
 * when React renders the typed text and its first option marked a moment later (Mantine's
 * selectFirstOptionOnChange runs in an effect), and Enter before that took the first option of the
 * whole list. So Enter waits until the list has an option marked and has not changed for two frames.
 */
export async function choose(p: Page, id: string, text: string) {
  const input = p.locator(`#${id}`);
  await input.click();
  await input.fill(text);
  const list = await listOf(input);
  await p.locator(`[id="${list}"] [role="option"]`).first().waitFor();
  await p.waitForFunction(
    (listId) =>
      new Promise<boolean>((resolve) => {
        const html = () => document.getElementById(listId)?.innerHTML ?? '';
        const before = html();
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(before === html() && before.includes('data-combobox-selected'))),
        );
      }),
    list!,
  );
  await input.press('Enter');
  await chosen(p, id);
}

/**
 * The select took a value: its list closed and it shows a label. Said here, with what the page held,
 * rather than as a timeout on the next field that waits for this one (CI once saw the training
 * select stay disabled after its department was chosen, and the state at that moment was lost).
 */
async function chosen(p: Page, id: string) {
  const state = () =>
    p.evaluate((inputId) => {
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      const list = document.getElementById(input?.getAttribute('aria-controls') ?? '');
      return {
        value: input?.value ?? null,
        expanded: input?.getAttribute('aria-expanded') ?? null,
        focused: document.activeElement?.id || document.activeElement?.tagName || null,
        marked: list?.querySelector('[data-combobox-selected]')?.textContent ?? null,
      };
    }, id);
  const deadline = Date.now() + 10_000;
  let last = await state();
  while (last.expanded !== 'false' || !last.value) {
    if (Date.now() > deadline) throw new Error(`#${id} took no value after Enter: ${JSON.stringify(last)}`);
    await p.waitForTimeout(50);
    last = await state();
  }
}

/** A field of the New Assessment form, by its API name. */
export const field = (p: Page, name: string) => p.locator(`#tna-field-${name}`);

/**
 * A short select, by keyboard only: open with ArrowDown, move, Enter. The moves wait until the list
 * is shown, as a person would, and the select must then hold a value.
 */
export async function pick(p: Page, id: string, index: number) {
  const input = p.locator(`#${id}`);
  await input.focus();
  await input.press('ArrowDown');
  const list = await listOf(input);
  await p.locator(`[id="${list}"] [role="option"]`).first().waitFor();
  for (let i = 0; i < index; i++) await input.press('ArrowDown');
  await input.press('Enter');
  await chosen(p, id);
}

/**
 * What fillAssessment enters, by the form's field names: the text typed into a text field or into a
 * searchable select (the first match is taken), and for a short select the place of its option
 * (from 0), which it picks by keyboard. hr_id is left empty when not given.
 */
export interface AssessmentEntry {
  form_no: string;
  hr_id?: string;
  name: string;
  lastname: string;
  fathername: string;
  birth_year: string;
  perminent_province_id: string;
  perminent_district_id: string;
  perminent_address_details: string;
  temp_province_id: string;
  temp_district_id: string;
  hospital: string;
  job_address: string;
  marital_status: number;
  gender: number;
  temp_address_details: string;
  department_id: string;
  position_id: string;
  education_level: number;
  education_field: string;
  graduated_university: string;
  experience: number;
  implementing_organization: string;
  phone: string;
  tazkira: string;
}

/**
 * Fill the New Assessment form's fields (not the date, nor the training needs) from the top down, as
 * an officer does: each district's list and the facilities follow the province chosen before them.
 */
export async function fillAssessment(p: Page, entry: AssessmentEntry) {
  await field(p, 'form_no').fill(entry.form_no);
  if (entry.hr_id !== undefined) await field(p, 'hr_id').fill(entry.hr_id);
  await field(p, 'name').fill(entry.name);
  await field(p, 'lastname').fill(entry.lastname);
  await field(p, 'fathername').fill(entry.fathername);
  await choose(p, 'tna-field-birth_year', entry.birth_year);
  await choose(p, 'tna-field-perminent_province_id', entry.perminent_province_id);
  await choose(p, 'tna-field-perminent_district_id', entry.perminent_district_id);
  await field(p, 'perminent_address_details').fill(entry.perminent_address_details);
  await choose(p, 'tna-field-temp_province_id', entry.temp_province_id);
  await choose(p, 'tna-field-temp_district_id', entry.temp_district_id);
  await choose(p, 'tna-field-hospital', entry.hospital);
  await field(p, 'job_address').fill(entry.job_address);
  await pick(p, 'tna-field-marital_status', entry.marital_status);
  await pick(p, 'tna-field-gender', entry.gender);
  await field(p, 'temp_address_details').fill(entry.temp_address_details);
  await choose(p, 'tna-field-department_id', entry.department_id);
  await choose(p, 'tna-field-position_id', entry.position_id);
  await pick(p, 'tna-field-education_level', entry.education_level);
  await field(p, 'education_field').fill(entry.education_field);
  await field(p, 'graduated_university').fill(entry.graduated_university);
  await pick(p, 'tna-field-experience', entry.experience);
  await field(p, 'implementing_organization').fill(entry.implementing_organization);
  await field(p, 'phone').fill(entry.phone);
  await field(p, 'tazkira').fill(entry.tazkira);
}

/** A session as the app keeps it in localStorage (SPEC 3), with the interface's language if given. */
export interface StoredSession {
  token: string;
  email: string;
  roles: string;
  language?: 'en' | 'fa' | 'ps';
}

/**
 * Sign a page in without the login form: load `at` on the app's origin and write the session into
 * its localStorage. `/api/health` loads no app code (a first visit stays a first visit).
 */
export async function storeSession(p: Page, session: StoredSession, at = '/login') {
  await p.goto(at);
  await p.evaluate(({ token, email, roles, language }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('email', email);
    localStorage.setItem('roles', roles);
    if (language) localStorage.setItem('language', language);
  }, session);
}

/**
 * A window of a signed-in user at phone width: nothing may stick out sideways, and no list scrolls
 * sideways inside its own box (lists are cards); then a screenshot.
 */
export async function phoneShot(
  who: { token: string; email: string; roles: string },
  path: string,
  language: 'en' | 'fa',
  name: string,
  ready: string,
) {
  const phone = await newPage({ width: 375, height: 800 });
  await storeSession(phone.page, { ...who, language });
  await phone.page.goto(path);
  await phone.page.locator(ready).first().waitFor();
  // Cards and charts below the screen are laid out only when scrolled to (content-visibility):
  // every one laid out now, so that the checks below and the screenshot cover them all.
  await phone.page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows`).toBeLessThanOrEqual(0);
  // Lists are cards on a phone: no region of the page should need sideways scrolling to show a row.
  const sideways = await phone.page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
      )
      .map((el) => el.getAttribute('aria-label') ?? el.tagName),
  );
  expect(sideways, `${name}: scrolls sideways`).toEqual([]);
  await screenshot(phone.page, name);
  await phone.context.close();
}
