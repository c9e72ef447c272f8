import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import {
  addKabulFacility,
  addUser,
  api,
  choose,
  login,
  type PlaceIds,
  phoneShot,
  postAssessment,
  setLanguage,
  signIn,
} from './support/helpers.js';

const VALIDATOR = { name: 'E2E Validator', email: 'validator@review.e2e.test', password: 'e2e-validator-pass-1' };
const OFFICER = { name: 'E2E Review Officer', email: 'officer@review.e2e.test', password: 'e2e-officer-pass-2' };
const FACILITY = { name: 'E2E Review Hospital', code: 'E2E-R-0101' };

let adminToken: string;
let validatorToken: string;
let officerToken: string;
let kabul: PlaceIds;
const ids: Record<'approve' | 'reject' | 'archive', number> = { approve: 0, reject: 0, archive: 0 };

/** A form entered by the officer through the API, as the New Assessment screen sends it. */
async function createForm(name: string, lastname: string, tazkira: string, phone: string): Promise<number> {
  return postAssessment(
    officerToken,
    kabul,
    {
      form_no: `REV-${tazkira}`,
      name,
      lastname,
      fathername: 'Father',
      birth_year: 1991,
      marital_status: 'married',
      experience: '1-5',
      phone,
      tazkira,
    },
    2,
  );
}

const lastStatus = async (id: number) =>
  (
    await api<{ data: { to_status: string; remarks: string }[] }>(`/tnas/histories/bystaffid/${id}`, adminToken)
  ).data.at(-1);

describe('review: validate, reject, resubmit, approve, archived search, export', { timeout: 150_000 }, () => {
  let validator: Page;
  let officer: Page;

  beforeAll(async () => {
    adminToken = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    kabul = await addKabulFacility(adminToken, FACILITY, 'DH');
    for (const [user, role] of [
      [VALIDATOR, 'validator'],
      [OFFICER, 'dataentry'],
    ] as const) {
      await addUser(adminToken, user, role);
    }
    validatorToken = await login(VALIDATOR.email, VALIDATOR.password);
    officerToken = await login(OFFICER.email, OFFICER.password);
    ids.approve = await createForm('Approve', 'Candidate', '1400-0202-10001', '+93700200001');
    ids.reject = await createForm('Reject', 'Candidate', '1400-0202-10002', '+93700200002');
    ids.archive = await createForm('Archive', 'Candidate', '1400-0202-10003', '+93700200003');
    await api('/tnas/changestatus', officerToken, {
      staff_id: ids.archive,
      status: 'ARCHIVED',
      remarks: 'Duplicate: entered twice',
    });
    ({ page: validator } = await newPage());
    ({ page: officer } = await newPage());
  });
  afterAll(async () => {
    await validator.context().close();
    await officer.context().close();
  });

  it('the validator approves a form from the Validation list, on its details opened in a new tab', async () => {
    await signIn(validator, VALIDATOR.email, VALIDATOR.password, '/tna');
    await validator.goto('/tna/validate');
    await validator.getByRole('heading', { name: 'Validation', level: 1 }).waitFor();
    const row = validator.getByRole('row').filter({ hasText: 'Approve Candidate' });
    await row.waitFor();
    await expect(validator.getByRole('button', { name: 'Export to Excel' }).isVisible()).resolves.toBe(true);
    await screenshot(validator, 'review-validate-en');
    const link = row.getByRole('link', { name: 'Validate Approve Candidate (opens in a new tab)' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const [tab] = await Promise.all([validator.context().waitForEvent('page'), link.click()]);
    await tab.waitForURL(`${baseUrl()}/tna/details/${ids.approve}`);
    const clearance = tab.getByRole('region', { name: 'Clearance' });
    await clearance.waitFor();
    // NEW: only Approve and Reject.
    await expect(clearance.getByRole('radio').count()).resolves.toBe(2);
    const submit = clearance.getByRole('button', { name: 'Submit' });
    await clearance.getByRole('radio', { name: 'Approve' }).check();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await clearance.getByRole('textbox', { name: 'Remarks' }).fill('All fields checked against the tazkira');
    await screenshot(tab, 'review-clearance-en');
    await submit.click();
    await tab.getByText('Status Changed').first().waitFor();
    // Opened alone in its tab, there is no page to go back to: the list the form was in, without it now.
    await tab.waitForURL(`${baseUrl()}/tna/validate`);
    await tab.getByRole('row').filter({ hasText: 'Reject Candidate' }).waitFor();
    await expect(tab.getByRole('row').filter({ hasText: 'Approve Candidate' }).count()).resolves.toBe(0);
    // The list tab, untouched, drops the approved row by itself.
    await expect.poll(() => validator.getByRole('row').filter({ hasText: 'Approve Candidate' }).count()).toBe(0);
    await tab.close();
    expect(await lastStatus(ids.approve)).toMatchObject({ to_status: 'APPROVED' });
  });

  it('rejects another one with remarks, in Persian', async () => {
    await setLanguage(validator, 'fa');
    await validator.goto('/tna/validate');
    await validator.getByRole('heading', { name: 'اعتبارسنجی', level: 1 }).waitFor();
    const row = validator.getByRole('row').filter({ hasText: 'Reject Candidate' });
    await row.waitFor();
    await expect.poll(() => validator.getByRole('row').filter({ hasText: 'Approve Candidate' }).count()).toBe(0);
    await screenshot(validator, 'review-validate-fa');
    // Reached from the list in the same tab this time, Submit goes back to it.
    await validator.goto(`/tna/validate`);
    // The router listens for history changes once the app has rendered (its first render runs as a
    // transition, after the page's load event): navigate only then.
    await validator.getByRole('heading', { name: 'اعتبارسنجی', level: 1 }).waitFor();
    await validator.evaluate((id) => {
      window.history.pushState({ usr: null, key: 'e2e', idx: 1 }, '', `/tna/details/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, ids.reject);
    const clearance = validator.getByRole('region', { name: 'تصفیه' });
    await clearance.waitFor();
    await clearance.getByRole('radio', { name: 'رد' }).check();
    await clearance.getByRole('textbox', { name: 'ملاحظات' }).fill('شماره تذکره با سند مطابقت ندارد');
    // A reload before Submit (a phone that dropped the tab, a send that failed on a bad link) keeps
    // the decision and its remarks.
    await validator.reload();
    await expect
      .poll(() => clearance.getByRole('textbox', { name: 'ملاحظات' }).inputValue())
      .toBe('شماره تذکره با سند مطابقت ندارد');
    expect(await clearance.getByRole('radio', { name: 'رد' }).isChecked()).toBe(true);
    await screenshot(validator, 'review-clearance-fa');
    await clearance.getByRole('button', { name: 'ارسال' }).click();
    await validator.getByText('وضعیت تغییر کرد').first().waitFor();
    await validator.waitForURL(`${baseUrl()}/tna/validate`);
    // Sent: nothing is kept to be offered again.
    expect(
      await validator.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('tna-review:'))),
    ).toEqual([]);
    expect(await lastStatus(ids.reject)).toMatchObject({
      to_status: 'REJECTED',
      remarks: 'شماره تذکره با سند مطابقت ندارد',
    });
  });

  it("data entry finds it in Rejected, edits it and sends it back 'As a New'", async () => {
    await signIn(officer, OFFICER.email, OFFICER.password, '/tna');
    await officer.goto('/tna/rejected');
    const row = officer.getByRole('row').filter({ hasText: 'Reject Candidate' });
    await row.waitFor();
    await expect(officer.getByRole('button', { name: 'Export to Excel' }).count()).resolves.toBe(0);
    await screenshot(officer, 'review-rejected-en');
    await row.getByRole('link', { name: 'Review/Action: Reject Candidate' }).click();
    await officer.waitForURL(`${baseUrl()}/tna/details/${ids.reject}`);
    await officer.getByRole('link', { name: 'Update' }).click();
    await officer.waitForURL(`${baseUrl()}/tna/edit/${ids.reject}`);
    await expect.poll(() => officer.locator('#tna-field-name').inputValue()).toBe('Reject');
    await officer.locator('#tna-field-tazkira').fill('1400-0202-10022');
    await officer.getByRole('button', { name: 'Submit', exact: true }).click();
    await officer.getByText('Update succeeded').first().waitFor();
    await officer.waitForURL(`${baseUrl()}/tna/details/${ids.reject}`);
    const clearance = officer.getByRole('region', { name: 'Clearance' });
    await clearance.waitFor();
    const choices = await clearance
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).labels?.[0]?.textContent));
    expect(choices).toEqual(['As a New', 'Archive']);
    await clearance.getByRole('radio', { name: 'As a New' }).check();
    await clearance.getByRole('textbox', { name: 'Remarks' }).fill('Tazkira number corrected');
    await clearance.getByRole('button', { name: 'Submit' }).click();
    await officer.getByText('Status Changed').first().waitFor();
    await officer.waitForURL(`${baseUrl()}/tna/rejected`);
    await expect.poll(() => officer.getByRole('row').filter({ hasText: 'Reject Candidate' }).count()).toBe(0);
    expect(await lastStatus(ids.reject)).toMatchObject({ to_status: 'NEW', remarks: 'Tazkira number corrected' });
  });

  it('the validator approves the corrected form; the history shows every step', async () => {
    await setLanguage(validator, 'en');
    await validator.goto(`/tna/details/${ids.reject}`);
    const clearance = validator.getByRole('region', { name: 'Clearance' });
    await clearance.waitFor();
    await clearance.getByRole('radio', { name: 'Approve' }).check();
    await clearance.getByRole('textbox', { name: 'Remarks' }).fill('Corrected; approved');
    await clearance.getByRole('button', { name: 'Submit' }).click();
    await validator.getByText('Status Changed').first().waitFor();
    // The page goes back to where the validator came from (their list), no longer to the home page.
    await validator.waitForURL((url) => !url.pathname.startsWith('/tna/details'));
    await validator.goto(`/tna/details/${ids.reject}`);
    const history = validator.getByRole('region', { name: 'Approval history' });
    await history.getByText('Corrected; approved').waitFor();
    await expect(validator.getByRole('region', { name: 'Clearance' }).count()).resolves.toBe(0);
    await validator.goto('/tna/cleared');
    for (const name of ['Approve Candidate', 'Reject Candidate']) {
      await validator
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('link', { name: `Details: ${name}` })
        .waitFor();
    }
    await screenshot(validator, 'review-approved-en');
    // The server sorts by the header clicked; a second click turns the order round; the address keeps it.
    const firstRow = () => validator.getByRole('row').nth(1).textContent();
    await validator.getByRole('button', { name: 'Name', exact: true }).click();
    await validator.waitForURL(/sort=name&direction=asc/);
    await expect.poll(firstRow).toContain('Approve Candidate');
    await validator.getByRole('button', { name: 'Name', exact: true }).click();
    await validator.waitForURL(/sort=name&direction=desc/);
    await expect.poll(firstRow).toContain('Reject Candidate');
    await validator.reload();
    await expect.poll(firstRow).toContain('Reject Candidate');
  });

  it('searches the Archived list by province and district; the search stays through a reload', async () => {
    await validator.goto('/tna/archived');
    await validator.getByRole('row').filter({ hasText: 'Archive Candidate' }).waitFor();
    const search = validator.getByRole('button', { name: 'Search', exact: true });
    await expect(search.isDisabled()).resolves.toBe(true);
    await choose(validator, 'review-province', 'Kabul');
    await choose(validator, 'review-district', 'Kabul');
    await search.click();
    await validator.waitForURL(/province=\d+&district=\d+/);
    await validator.getByRole('row').filter({ hasText: 'Archive Candidate' }).waitFor();
    await validator.reload();
    await validator.getByRole('row').filter({ hasText: 'Archive Candidate' }).waitFor();
    await expect.poll(() => validator.locator('#review-district').inputValue()).toBe('Kabul');
    await screenshot(validator, 'review-archived-en');
  });

  it('exports what is on screen as a real .xlsx file', async () => {
    const [download] = await Promise.all([
      validator.waitForEvent('download'),
      validator.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^archived_records_export_.+\.xlsx$/);
    const file = readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.length).toBeGreaterThan(1000);
  });

  it('looks right in Persian and at phone width', async () => {
    await setLanguage(validator, 'fa');
    await validator.getByRole('row').filter({ hasText: 'Archive Candidate' }).waitFor();
    await screenshot(validator, 'review-archived-fa');
    const who = { token: validatorToken, email: VALIDATOR.email, roles: 'validator' };
    const newForm = await createForm('Phone', 'Candidate', '1400-0202-10004', '+93700200004');
    for (const language of ['en', 'fa'] as const) {
      await phoneShot(who, '/tna/validate', language, `review-validate-${language}-375`, 'main [data-rows]');
      await phoneShot(
        who,
        `/tna/archived?province=${kabul.provinceId}`,
        language,
        `review-archived-${language}-375`,
        'main [data-rows]',
      );
      await phoneShot(who, `/tna/details/${newForm}`, language, `review-clearance-${language}-375`, 'main textarea');
    }
  });

  it('a decision whose answer was lost is taken as made; one made by someone else is explained', async () => {
    await setLanguage(validator, 'en');
    const lost = await createForm('Lost', 'Answer', '1400-0202-10004', '+93700200004');
    const taken = await createForm('Taken', 'Before', '1400-0202-10005', '+93700200005');
    await validator.goto(`/tna/details/${lost}`);
    const clearance = validator.getByRole('region', { name: 'Clearance' });
    await clearance.waitFor();
    await clearance.getByRole('radio', { name: 'Reject' }).check();
    await clearance.getByRole('textbox', { name: 'Remarks' }).fill('Phone number misses a digit');
    // The server takes the decision; the link drops before its answer comes back.
    await validator.route('**/api/tnas/changestatus', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await clearance.getByRole('button', { name: 'Submit' }).click();
    await validator.getByText('Operation Failed').first().waitFor();
    await validator.unroute('**/api/tnas/changestatus');
    // Sent again, it meets the user's own decision: done, not "already reviewed".
    await clearance.getByRole('button', { name: 'Submit' }).click();
    await validator.getByText('Status Changed').first().waitFor();
    expect(await lastStatus(lost)).toMatchObject({ to_status: 'REJECTED', remarks: 'Phone number misses a digit' });

    // Decided by someone else meanwhile (the same decision and words, another reviewer): said so.
    await validator.goto(`/tna/details/${taken}`);
    await clearance.waitFor();
    await clearance.getByRole('radio', { name: 'Reject' }).check();
    await clearance.getByRole('textbox', { name: 'Remarks' }).fill('Phone number misses a digit');
    await api('/tnas/changestatus', adminToken, {
      staff_id: taken,
      status: 'REJECTED',
      remarks: 'Phone number misses a digit',
    });
    await clearance.getByRole('button', { name: 'Submit' }).click();
    await validator
      .getByText(/already reviewed/)
      .first()
      .waitFor();
    expect(validator.url()).toBe(`${baseUrl()}/tna/details/${taken}`);
  });
});
