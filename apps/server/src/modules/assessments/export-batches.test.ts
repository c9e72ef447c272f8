import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// The export reads and writes a list in batches; a list of several batches comes out whole, in order.

let t: TestContext;
const ROWS = 1234;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, ROWS, { name: 'Batch' }, 3);
});

describe('an export of several batches', () => {
  it('has every row once, newest first, each with its priority lines', async () => {
    const res = await t.request('GET', '/api/tnas/export/NEW', { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('data')!;
    expect(sheet.rowCount).toBe(1 + ROWS);
    const header = (sheet.getRow(1).values as string[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    const ids: number[] = [];
    for (let n = 2; n <= sheet.rowCount; n++) {
      const row = sheet.getRow(n);
      ids.push(Number(row.getCell(column('ID')).value));
      expect(row.getCell(column('Name')).value).toBe('Batch');
      expect(row.getCell(column('Priority 3 Training')).value).toBeTruthy();
      expect(row.getCell(column('Priority 4 Training')).value ?? '').toBe('');
    }
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
