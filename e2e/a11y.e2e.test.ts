import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { api, login, postAssessment } from './support/helpers.js';

// axe-core's own build, evaluated in each page: the rules the issue was measured with. Evaluated over
// the DevTools protocol rather than added as a <script> tag, which the app's CSP (script-src 'self') blocks.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let adminToken: string;
const ids = { fresh: 0, rejected: 0 };

/** A form entered by the admin through the API, so Details, Edit and the lists have a row to show. */
async function createForm(name: string, tazkira: string): Promise<number> {
  const provinces = await api<{ data: { id: number; code: string }[] }>('/provinces', adminToken);
  const provinceId = provinces.data.find((p) => p.code === 'AF01')!.id;
  const districts = await api<{ data: { id: number; code: string }[] }>(
    `/provinces/districts/${provinceId}`,
    adminToken,
  );
  const districtId = districts.data.find((d) => d.code === 'AF0101')!.id;
  const facilities = await api<{ data: { id: number }[] }>(`/hospitals/bydistrictid/${districtId}`, adminToken);
  const facilityId =
    facilities.data[0]?.id ??
    (
      await api<{ success: { id: number } }>('/hospitals', adminToken, {
        name: 'A11y Hospital',
        code: 'A11Y-0101',
        type: 'DH',
        province_id: provinceId,
        district_id: districtId,
        is_her_hf: false,
        status: 'Existing',
      })
    ).success.id;
  return postAssessment(
    adminToken,
    { provinceId, districtId, facilityId },
    {
      form_no: `A11Y-${tazkira}`,
      name,
      lastname: 'Access',
      fathername: 'Father',
      birth_year: 1990,
      marital_status: 'married',
      experience: '1-5',
      phone: `+9370030${tazkira.slice(-4)}`,
      tazkira,
    },
    1,
  );
}

/** Every screen of the app (SPEC 2); the admin may open them all. */
const signedInRoutes = () => [
  '/',
  '/profile',
  '/tna',
  '/tna/create',
  '/tna/my-forms',
  '/tna/validate',
  '/tna/cleared',
  '/tna/rejected',
  '/tna/archived',
  `/tna/details/${ids.fresh}`,
  `/tna/edit/${ids.rejected}`,
  '/tna/export',
  '/users',
  '/hospitals',
  '/trainings',
  '/departments',
  '/positions',
  '/administratives',
  '/logs/user-logs',
  '/logs/error-logs',
  '/performance',
  '/imports',
];
const GUEST_ROUTES = ['/login', '/register', '/forgot-password'];

/** Serious and critical violations on the page as it is now (after its data arrived). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join('\n    ')}`,
    );
}

/** Open a route and wait until it has drawn its data: its heading, and no list or figure still loading. */
async function visit(page: Page, route: string) {
  await page.goto(route);
  // The app's heading, not the one of the frame boot.js paints before the app has come.
  await page.locator('#root h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

async function pageFor(language: 'en' | 'fa', scheme: 'light' | 'dark', token: string | null) {
  const { page, context } = await newPage();
  await page.goto('/login');
  await page.evaluate(
    ({ token, email, language, scheme }) => {
      if (token) {
        localStorage.setItem('token', token);
        localStorage.setItem('email', email);
        localStorage.setItem('roles', 'admin');
      }
      localStorage.setItem('language', language);
      localStorage.setItem('tna-color-scheme', scheme);
    },
    { token, email: E2E_ADMIN.email, language, scheme },
  );
  return { page, context };
}

describe('accessibility: axe finds no serious or critical violation on any route', { timeout: 600_000 }, () => {
  beforeAll(async () => {
    adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    ids.fresh = await createForm('Fresh', '1400-0303-20001');
    ids.rejected = await createForm('Returned', '1400-0303-20002');
    await api('/tnas/changestatus', adminToken, {
      staff_id: ids.rejected,
      status: 'REJECTED',
      remarks: 'The phone number is missing a digit.',
    });
  });

  for (const [language, scheme] of [
    ['en', 'light'],
    ['fa', 'light'],
    ['en', 'dark'],
  ] as const) {
    it(`every route in ${language}, ${scheme} theme`, async () => {
      const found: Record<string, string[]> = {};
      const guest = await pageFor(language, scheme, null);
      for (const route of GUEST_ROUTES) {
        await visit(guest.page, route);
        const problems = await seriousViolations(guest.page);
        if (problems.length) found[route] = problems;
      }
      await guest.context.close();
      const admin = await pageFor(language, scheme, adminToken);
      for (const route of signedInRoutes()) {
        await visit(admin.page, route);
        // One <h1> a page, and the tab says which page it is.
        expect(await admin.page.locator('h1').count(), `${route}: <h1> count`).toBe(1);
        expect(await admin.page.title(), `${route}: title`).toMatch(/. - TNA System$/);
        const problems = await seriousViolations(admin.page);
        if (problems.length) found[route] = problems;
      }
      await admin.context.close();
      expect(found).toEqual({});
    });
  }
});
