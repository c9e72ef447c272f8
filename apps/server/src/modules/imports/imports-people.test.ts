import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { csv, events, upload } from '../../test/import-files.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

async function template(kind: string, lang: string) {
  const res = await t.request('GET', `/api/imports/${kind}/template?lang=${lang}`, { token: t.adminToken });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

describe('templates', () => {
  it('in Dari: headers with the API names, an example row, the allowed values, right to left', async () => {
    const book = await template('users', 'fa');
    expect(book.worksheets.map((s) => s.name)).toEqual(['users', 'مقادیر مجاز', 'رهنمود']);
    const sheet = book.getWorksheet('users')!;
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'نام (name)',
      'ایمیل (email)',
      'نقش (role)',
      'ولایات (provinces)',
      'رمز عبور (password)',
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('example.user@moph.gov.af');
    const values = book.getWorksheet('مقادیر مجاز')!;
    const columns = [1, 2, 3].map((i) => values.getColumn(i).values.filter(Boolean) as string[]);
    expect(columns[0]![0]).toBe('نقش‌ها');
    expect(columns[0]).toContain('validator - تأییدکننده');
    expect(columns[1]).toContain('کابل');
    expect(columns[2]).toContain('AF01');
  });

  it('the template of assessments, filled in and sent back, imports as it is (its example row skipped)', async () => {
    const book = await template('assessments', 'en');
    const sheet = book.getWorksheet('assessments')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Form No (form_no)');
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const done = events(await upload(t, '/api/imports/assessments/check', buffer, 'template.xlsx')).at(-1);
    expect(done.summary).toMatchObject({ rows: 1, example: 1, error: 0 });
  });
});

describe('users', () => {
  const header = ['Name (name)', 'Email (email)', 'Role (role)', 'Provinces (provinces)', 'Password (password)'];
  const rows = [
    header,
    ['Farid Ahmadi', 'farid@moph.gov.af', 'تأییدکننده', 'Kabul; هرات', 'farid-pass-1'],
    ['Zarghuna Safi', 'zarghuna@moph.gov.af', 'Data Entry', 'AF05', ''],
    ['No Role', 'norole@moph.gov.af', 'boss', '', 'norole-pass-1'],
    ['Bad Province', 'badprov@moph.gov.af', 'dataentry', 'Atlantis', 'bad-pass-12'],
    ['Short', 'short@moph.gov.af', 'dataentry', '', 'short'],
  ];

  it('creates accounts with their role; the password given signs in, a missing one is nobody’s', async () => {
    const done = events(await upload(t, '/api/imports/users/confirm', csv(rows), 'users.csv')).at(-1);
    expect(done.summary).toMatchObject({ rows: 5, create: 2, error: 3, written: 2 });
    expect(done.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [4, 'role'],
      [5, 'provinces'],
      [6, 'password'],
    ]);
    const list = (await t.request('GET', '/api/users', { token: t.adminToken })).json().data;
    const farid = list.find((u: { email: string }) => u.email === 'farid@moph.gov.af');
    expect(farid.roles.map((r: { name: string }) => r.name)).toEqual(['validator']);
    await t.login('farid@moph.gov.af', 'farid-pass-1');
    const zarghuna = list.find((u: { email: string }) => u.email === 'zarghuna@moph.gov.af');
    expect(zarghuna.roles.map((r: { name: string }) => r.name)).toEqual(['dataentry']);
  });

  it('recognises users by email: a new name or role updates them, nothing else is touched', async () => {
    const again = rows.slice(0, 3).map((r, i) => (i === 1 ? ['Farid Ahmadi Jan', r[1], 'validator', r[3], ''] : r));
    const done = events(await upload(t, '/api/imports/users/confirm', csv(again), 'users.csv')).at(-1);
    expect(done.summary).toMatchObject({ update: 1, unchanged: 1, written: 1 });
    const list = (await t.request('GET', '/api/users', { token: t.adminToken })).json().data;
    expect(list.filter((u: { email: string }) => u.email === 'farid@moph.gov.af')).toEqual([
      expect.objectContaining({ name: 'Farid Ahmadi Jan' }),
    ]);
    // No password in the row: the password stays.
    await t.login('farid@moph.gov.af', 'farid-pass-1');
  });
});
