import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FormRefs, formData, formRefs, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let r: FormRefs;
let viewer: { token: string };

beforeAll(async () => {
  t = await setupTestApp({ ANALYTICS_EMBED_URL: 'https://bi.example.org/dashboards/tna' });
  r = await formRefs(t);
  viewer = await t.userWithRole('external_viewer');
  const entry = await t.userWithRole('dataentry');
  const [a, b, c] = r.trainingIds;
  // Training a: first choice twice (5 + 5); b: second choice twice (4 + 4) and first once (5); c: fifth once (1).
  const sets = [
    [
      [a, 1],
      [b, 2],
    ],
    [
      [a, 1],
      [b, 2],
      [c, 5],
    ],
    [[b, 1]],
  ] as const;
  for (const [i, set] of sets.entries()) {
    const lines = set.map(([training, priority]) => ({ department: r.departmentId, training, priority }));
    const res = await submitMultipart(
      t,
      '/api/tnas',
      entry.token,
      formData(r, { gender: i === 2 ? 'male' : 'female' }),
      lines,
    );
    expect(res.statusCode).toBe(200);
  }
});

describe('analytics', () => {
  it('answers the embedded dashboard address when one is configured', async () => {
    const res = await t.request('GET', '/api/analytics/config', { token: viewer.token });
    expect(res.json().data).toEqual({ embed_url: 'https://bi.example.org/dashboards/tna' });
  });

  it('ranks trainings by need, priority 1 counting most', async () => {
    const rows = (await t.request('GET', '/api/analytics/trainings', { token: viewer.token })).json().data;
    expect(
      rows.map((x: { id: number; score: number; requests: number; first_choice: number }) => [
        x.id,
        x.score,
        x.requests,
        x.first_choice,
      ]),
    ).toEqual([
      [r.trainingIds[1], 13, 3, 1],
      [r.trainingIds[0], 10, 2, 2],
      [r.trainingIds[2], 1, 1, 0],
    ]);
  });

  it('filters by province, department and position', async () => {
    const herat = (await t.request('GET', '/api/provinces', { token: viewer.token }))
      .json()
      .data.find((p: { code: string }) => p.code === 'AF32');
    expect(
      (await t.request('GET', `/api/analytics/trainings?province=${herat.id}`, { token: viewer.token })).json().data,
    ).toEqual([]);
    expect(
      (
        await t.request('GET', `/api/analytics/trainings?department=${r.departmentId}&position=${r.positionId}`, {
          token: viewer.token,
        })
      ).json().data,
    ).toHaveLength(3);
  });

  it('breaks assessments down by status, province, gender, education and experience', async () => {
    const data = (await t.request('GET', '/api/analytics/summary', { token: viewer.token })).json().data;
    expect(data.status).toEqual([{ key: 'NEW', number: 3 }]);
    expect(data.gender).toEqual([
      { key: 'female', number: 2 },
      { key: 'male', number: 1 },
    ]);
    expect(data.province).toEqual([{ key: String(r.provinceId), number: 3 }]);
    expect(data.education_level).toEqual([{ key: '14 Grade', number: 3 }]);
    expect(data.experience).toEqual([{ key: '5-10', number: 3 }]);
  });

  it('exports the ranking to XLSX', async () => {
    const res = await t.request('GET', '/api/analytics/trainings/export', { token: viewer.token });
    expect(res.headers['content-disposition']).toMatch(/training_needs_export_\d{8}_\d{6}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('data')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(6).value).toBe(13);
  });
});
