import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.js';
import { E2E_ADMIN } from './support/global-setup.js';
import { api, login, setLanguage, signIn } from './support/helpers.js';

let page: Page;

/** A facilities list as an officer has it: Dari names, one unknown district, one unknown type. */
const CSV = [
  'Code (code),Name (name),Type (type),Province (province_id),District (district_id),Status (status)',
  'E2E-IMP-1,Ip Paghman Hospital,DH,کابل,پغمان,Existing',
  'E2E-IMP-2,Ip Mirbachakot Center,CHC,AF01,AF0109,Existing',
  'E2E-IMP-3,Ip Wrong Place,BHC,Kabul,Herat,Existing',
].join('\n');

describe('imports: check a file, then import its valid rows', () => {
  beforeAll(async () => {
    ({ page } = await newPage());
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password, '/');
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('reaches Imports from the admin sidebar, checks a CSV in Dari, imports the two valid rows', async () => {
    await setLanguage(page, 'fa');
    await page.getByRole('navigation', { name: 'منوی اصلی' }).getByRole('link', { name: 'ورود از فایل' }).click();
    await page.getByRole('heading', { name: 'ورود از فایل', level: 1 }).waitFor();
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'facilities.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(CSV),
      });
    await page.getByRole('button', { name: 'بررسی فایل', exact: true }).click();
    const problems = page.getByRole('table').first();
    await problems.waitFor();
    expect(await problems.locator('tbody tr').count()).toBe(1);
    expect(await problems.locator('tbody tr').first().textContent()).toContain('«Herat» در فهرست مقادیر مجاز نیست');
    await page.getByText('اضافه خواهد شد: ۲').waitFor();
    const token = await login(E2E_ADMIN.email, E2E_ADMIN.password);
    const before = await api<{ data: { total: number } }>('/hospitals?search=E2E-IMP', token);
    expect(before.data.total).toBe(0);

    await page.getByRole('button', { name: 'وارد کردن ۲ سطر' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'بلی' }).click();
    await page.getByText('اضافه شد: ۲').waitFor();
    await screenshot(page, 'imports-fa');
    const after = await api<{ data: { total: number; data: { code: string }[] } }>('/hospitals?search=E2E-IMP', token);
    expect(after.data.data.map((f) => f.code).sort()).toEqual(['E2E-IMP-1', 'E2E-IMP-2']);
    // The import is listed with its report.
    await page.getByRole('cell', { name: 'facilities.csv' }).first().waitFor();
    await setLanguage(page, 'en');
  });
});
