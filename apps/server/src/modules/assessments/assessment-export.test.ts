import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { EXPORT_HEADER } from './assessment-export.js';

let t: TestContext;
let r: FormRefs;
let validatorToken: string;
let dataentryToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  validatorToken = (await t.userWithRole('validator')).token;
  dataentryToken = (await t.userWithRole('dataentry')).token;
  for (let i = 0; i < 7; i++) {
    const res = await submitMultipart(
      t,
      '/api/tnas',
      dataentryToken,
      formData(r, { name: `Export ${i}` }),
      priorities(r, i === 0 ? 3 : 1),
    );
    expect(res.statusCode).toBe(200);
  }
  const ids = (await t.database.db.select({ id: assessments.id }).from(assessments)).map((x) => x.id);
  await t.database.db
    .update(assessments)
    .set({ status: 'APPROVED' })
    .where(inArray(assessments.id, ids.slice(0, 2)));
});

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('GET /api/tnas/export/{status}', () => {
  it('downloads {prefix}_export_{timestamp}.xlsx with one sheet named data, the header and a row per form', async () => {
    const res = await t.request('GET', '/api/tnas/export/NEW', { token: validatorToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="validation_records_export_\d{8}_\d{6}\.xlsx"$/,
    );
    const book = await readXlsx(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['data']);
    const sheet = book.getWorksheet('data')!;
    expect(sheet.rowCount).toBe(1 + 5);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(EXPORT_HEADER);
  });

  it('writes names, not ids, and the priorities by rank', async () => {
    const res = await t.request('GET', '/api/tnas/export/APPROVED?lang=fa', { token: validatorToken });
    expect(res.headers['content-disposition']).toContain('approved_records_export_');
    const sheet = (await readXlsx(res.rawPayload)).getWorksheet('data')!;
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const rows = [2, 3].map((n) => Object.fromEntries(header.map((h, i) => [h, sheet.getRow(n).getCell(i + 1).value])));
    const first = rows.find((x) => x.Name === 'Export 0')!;
    expect(first).toMatchObject({
      Status: 'APPROVED',
      'Job Province': 'کابل',
      'Health Facility': 'Test District Hospital',
      'Birth Year': 1990,
    });
    expect(first['Priority 1 Training']).toBeTruthy();
    expect(first['Priority 3 Department']).toBeTruthy();
    expect(first['Priority 4 Training'] ?? '').toBe('');
  });

  it('follows the search on screen', async () => {
    const herat = (await t.request('GET', '/api/provinces', { token: validatorToken }))
      .json()
      .data.find((p: { code: string }) => p.code === 'AF32');
    const res = await t.request('GET', `/api/tnas/export/NEW?province=${herat.id}`, { token: validatorToken });
    expect((await readXlsx(res.rawPayload)).getWorksheet('data')!.rowCount).toBe(1);
  });

  it('is for admins and validators only', async () => {
    expect((await t.request('GET', '/api/tnas/export/REJECTED', { token: dataentryToken })).statusCode).toBe(403);
    const viewer = await t.userWithRole('internal_viewer');
    expect((await t.request('GET', '/api/tnas/export/APPROVED', { token: viewer.token })).statusCode).toBe(403);
    expect((await t.request('GET', '/api/tnas/export/NEW', { token: t.adminToken })).statusCode).toBe(200);
  });
});

describe('GET /api/tnas/all/bystatus/{status}', () => {
  it('answers every row of the status as JSON', async () => {
    const res = await t.request('GET', '/api/tnas/all/bystatus/NEW', { token: validatorToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(5);
    expect(body.data[0]).toMatchObject({ status: 'NEW', hospital_name: 'Test District Hospital' });
    expect((await t.request('GET', '/api/tnas/all/bystatus/NEW', { token: dataentryToken })).statusCode).toBe(403);
  });
});
