// What the browser tests share: calls to the API (to set up data the way a client would), and the
// steps every screen test takes (sign in, switch language, pick in a searchable select, look at a
// screen at phone width).
import type { Page } from 'playwright-core';
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

/** An existing CHC in Kabul's first district (AF0101), the place the form tests fill in. */
export async function addKabulFacility(adminToken: string, facility: { name: string; code: string }): Promise<void> {
  const provinces = await api<{ data: { id: number; code: string }[] }>('/provinces', adminToken);
  const provinceId = provinces.data.find((p) => p.code === 'AF01')!.id;
  const districts = await api<{ data: { id: number; code: string }[] }>(
    `/provinces/districts/${provinceId}`,
    adminToken,
  );
  const districtId = districts.data.find((d) => d.code === 'AF0101')!.id;
  await api('/hospitals', adminToken, {
    ...facility,
    type: 'CHC',
    province_id: provinceId,
    district_id: districtId,
    is_her_hf: false,
    status: 'Existing',
  });
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
  const list = await input.getAttribute('aria-controls');
  expect(list, `#${id} has no list`).toBeTruthy();
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
  await phone.page.goto('/login');
  await phone.page.evaluate(
    ({ token, email, roles, lang }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('email', email);
      localStorage.setItem('roles', roles);
      localStorage.setItem('language', lang);
    },
    { ...who, lang: language },
  );
  await phone.page.goto(path);
  await phone.page.locator(ready).first().waitFor();
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
