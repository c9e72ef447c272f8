import { count, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, healthFacilities } from '../../db/schema/index.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { csv, events, upload, workbook } from '../../test/import-files.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

const FACILITY_HEADER = [
  'Code (code)',
  'Name (name)',
  'Type (type)',
  'Province (province_id)',
  'District (district_id)',
  'Status (status)',
  'HER health facility (is_her_hf)',
];

async function facilityCount() {
  const [row] = await t.database.db.select({ n: count() }).from(healthFacilities);
  return row!.n;
}

async function readBook(buffer: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book;
}

describe('health facilities', () => {
  const rows = [
    FACILITY_HEADER,
    ['EXAMPLE-1', 'Example', 'DH', 'Kabul', 'Paghman', 'Existing', 'no'],
    ['HF-0001', 'Paghman District Hospital', 'DH', 'کابل', 'پغمان', 'Existing', 'بلی'],
    ['HF-0002', 'Mirbachakot CHC', 'Comprehensive Health Center', 'AF01', 'AF0109', 'Closed', 'no'],
    ['HF-0003', 'Wrong place', 'BHC', 'Kabul', 'Herat', 'Existing', 'no'],
    ['HF-0004', 'Unknown type', 'Clinic', 'Kabul', 'Paghman', 'Existing', 'no'],
  ];

  it('checks every row without writing, then imports the valid ones with their audit entries', async () => {
    const before = await facilityCount();
    const check = events(await upload(t, '/api/imports/facilities/check', csv(rows), 'hf.csv'));
    const done = check.at(-1);
    expect(done).toMatchObject({ type: 'done', mode: 'check' });
    expect(done.summary).toMatchObject({ rows: 5, example: 1, create: 2, error: 2, written: 0 });
    expect(done.errors).toEqual([
      {
        row: 5,
        field: 'district_id',
        column: 'District (district_id)',
        message: '"Herat" is not in the list of allowed values',
      },
      { row: 6, field: 'type', column: 'Type (type)', message: 'Choose one of the listed values' },
    ]);
    expect(await facilityCount()).toBe(before);

    const audits = (await t.database.db.select({ n: count() }).from(auditLogs))[0]!.n;
    const done2 = events(await upload(t, '/api/imports/facilities/confirm', csv(rows), 'hf.csv')).at(-1);
    expect(done2.summary).toMatchObject({ create: 2, error: 2, written: 2 });
    expect(await facilityCount()).toBe(before + 2);
    const [created] = await t.database.db.select().from(healthFacilities).where(eq(healthFacilities.code, 'HF-0001'));
    expect(created).toMatchObject({ name: 'Paghman District Hospital', type: 'DH', isHerHf: true, status: 'Existing' });
    expect((await t.database.db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(audits + 2);
  });

  it('recognises a facility by its code: unchanged is left alone, a change updates it, never a duplicate', async () => {
    const before = await facilityCount();
    const again = events(await upload(t, '/api/imports/facilities/confirm', csv(rows), 'hf.csv')).at(-1);
    expect(again.summary).toMatchObject({ unchanged: 2, create: 0, written: 0 });
    const renamed = rows.map((r) =>
      r[0] === 'HF-0002' ? [...r.slice(0, 1), 'Mirbachakot Comprehensive Health Center', ...r.slice(2)] : r,
    );
    const changed = events(await upload(t, '/api/imports/facilities/confirm', csv(renamed), 'hf.csv')).at(-1);
    expect(changed.summary).toMatchObject({ update: 1, unchanged: 1, written: 1 });
    expect(await facilityCount()).toBe(before);
    const [row] = await t.database.db.select().from(healthFacilities).where(eq(healthFacilities.code, 'HF-0002'));
    expect(row!.name).toBe('Mirbachakot Comprehensive Health Center');
  });

  it('hands out a report with every row, its result and its errors', async () => {
    const done = events(
      await upload(t, '/api/imports/facilities/check?lang=fa', await workbook({ facilities: rows }), 'hf.xlsx'),
    ).at(-1);
    const res = await t.request('GET', `/api/imports/reports/${done.report_id}`, { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/facilities_check_report_\d{8}_\d{6}\.xlsx/);
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...FACILITY_HEADER, 'سطر', 'نتیجه', 'خطاها']);
    expect(sheet.getRow(5).getCell(9).value).toBe('خطا دارد');
    expect(String(sheet.getRow(5).getCell(10).value)).toContain('«Herat» در فهرست مقادیر مجاز نیست');
    expect(sheet.getRow(3).getCell(9).value).toBe('موجود است، بدون تغییر');
  });
});

describe('Dari and Pashto text in large files', () => {
  const name = (i: number) => `شفاخانه ولسوالی پغمان ${i} – روغتون`;

  it('comes through whole in an XLSX, however it is inflated in chunks', async () => {
    // 1,500 rows: zlib's 16 KB chunks fall inside letters (without the fix, two names here broke).
    const rows = [
      FACILITY_HEADER,
      ...Array.from({ length: 1500 }, (_, i) => [`DARI-${i}`, name(i), 'BHC', 'کابل', 'پغمان', 'Existing', 'no']),
    ];
    const done = events(
      await upload(t, '/api/imports/facilities/confirm', await workbook({ facilities: rows }), 'dari.xlsx'),
    ).at(-1);
    expect(done.summary).toMatchObject({ create: 1500, error: 0 });
    const stored = await t.database.db
      .select({ code: healthFacilities.code, name: healthFacilities.name })
      .from(healthFacilities)
      .where(like(healthFacilities.code, 'DARI-%'));
    expect(stored).toHaveLength(1500);
    expect(stored.filter((f) => f.name !== name(Number(f.code!.split('-')[1])))).toEqual([]);
    // 1,500 facilities written one by one through the facility service: slow on a busy PGlite.
  }, 180_000);

  it('comes through whole in a CSV with a letter cut by the 64 KB read', async () => {
    // A column the import ignores pushes the name's first letter across byte 65,536 of the file.
    const header = ['notes', ...FACILITY_HEADER];
    const fileWith = (pad: number) =>
      csv([header, ['x'.repeat(pad), 'DARI-CSV', name(0), 'BHC', 'کابل', 'پغمان', 'Existing', 'no']]);
    const first = Buffer.from(name(0)[0]!);
    const file = fileWith(60_000 + 65_535 - fileWith(60_000).indexOf(first));
    expect(file.subarray(65_535, 65_537).toString()).toBe(name(0)[0]);
    const done = events(await upload(t, '/api/imports/facilities/confirm', file, 'dari.csv')).at(-1);
    expect(done.summary).toMatchObject({ create: 1, error: 0 });
    const [row] = await t.database.db.select().from(healthFacilities).where(eq(healthFacilities.code, 'DARI-CSV'));
    expect(row!.name).toBe(name(0));
  });
});

describe('who may import', () => {
  it('admins only', async () => {
    const validator = await t.userWithRole('validator');
    const res = await upload(t, '/api/imports/facilities/check', csv([FACILITY_HEADER]), 'x.csv', validator.token);
    expect(res.statusCode).toBe(403);
    expect((await t.request('GET', '/api/imports/users/template', { token: validator.token })).statusCode).toBe(403);
  });
});
