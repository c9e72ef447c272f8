import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentHistories, assessments, auditLogs } from '../../db/schema/index.js';
import { formRefs } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { ASSESSMENT_COLUMNS, events, importHeader, importRow, upload, workbook } from '../../test/import-files.js';

let t: TestContext;
type Named = { id: number; title_en?: string; title_dr?: string; name?: string; name_dr?: string };
let names: { department: string; position: string; trainings: string[]; otherTraining: string };

const HEADER = importHeader(ASSESSMENT_COLUMNS, 'x ');

/** A paper form as an officer types it: Dari names, Solar Hijri dates, Persian digits. */
function form(over: Record<string, unknown> = {}) {
  const v: Record<string, unknown> = {
    form_no: 'TNA-۰۰۱',
    tazkira: '۱۴۰۰-۰۱۰۱-۱۲۳۴۵',
    assessment_date: '۱۴۰۵/۰۸/۱۰',
    name: 'مریم',
    lastname: 'کریمی',
    fathername: 'عبدالکریم',
    birth_year: 1369,
    gender: 'زن',
    marital_status: 'متأهل',
    perminent_province_id: 'کابل',
    perminent_district_id: 'پغمان',
    perminent_address_details: 'کارته چهار',
    temp_province_id: 'Kabul',
    temp_district_id: 'AF0101',
    hospital: 'Test District Hospital',
    job_address: 'شفاخانه',
    temp_address_details: 'کارته چهار',
    department_id: names.department,
    position_id: names.position,
    education_level: '14 Grade',
    education_field: 'قابلگی',
    graduated_university: 'انستیتوت',
    experience: '5-10',
    implementing_organization: 'MoPH',
    phone: '۰۰۹۳۷۰۱۲۳۴۵۶۷',
    remarks: null,
    priority_1_training: names.trainings[0],
    priority_2_training: names.trainings[1],
    priority_3_training: null,
    priority_3_department: null,
    ...over,
  };
  return importRow(ASSESSMENT_COLUMNS, v);
}

beforeAll(async () => {
  t = await setupTestApp();
  const refs = await formRefs(t);
  const get = async (url: string) => (await t.request('GET', url, { token: t.adminToken })).json().data as Named[];
  const department = (await get('/api/departments')).find((d) => d.id === refs.departmentId)!;
  const position = (await get('/api/positions')).find((p) => p.id === refs.positionId)!;
  const trainings = await get('/api/trainings');
  const title = (id: number) => trainings.find((tr) => tr.id === id)!;
  names = {
    department: department.name_dr ?? department.name!,
    position: position.title_en!,
    trainings: refs.trainingIds.map((id) => title(id).title_dr ?? title(id).title_en!),
    otherTraining: title(refs.otherDepartmentTrainingId).title_en!,
  };
});

const countOf = async () => (await t.database.db.select({ n: count() }).from(assessments))[0]!.n;

describe('assessments', () => {
  it('checks forms typed in Dari with the rules of the API, then imports the valid ones as NEW with history and audit', async () => {
    const rows = [
      HEADER,
      form(),
      form({
        form_no: 'TNA-002',
        tazkira: '1400-0101-99999',
        priority_3_training: names.otherTraining,
        priority_3_department: names.department,
      }),
      form({ form_no: 'TNA-003', tazkira: '1400-0101-88888', phone: '123', birth_year: 1850 }),
      form({ tazkira: '1400 0101 12345' }), // the first form again, its tazkira typed otherwise
      form({ form_no: 'TNA-005', tazkira: '1400-0101-77777', temp_district_id: 'پغمان' }),
    ];
    const file = await workbook({ assessments: rows });
    const before = await countOf();
    const check = events(await upload(t, '/api/imports/assessments/check', file, 'forms.xlsx'));
    const done = check.at(-1);
    expect(check.filter((e) => e.type === 'progress').length).toBeGreaterThan(0);
    expect(done.summary).toMatchObject({ rows: 5, create: 1, error: 4, written: 0 });
    const problems = done.errors.map(
      (e: { row: number; field: string; message: string }) => `${e.row} ${e.field}: ${e.message}`,
    );
    expect(problems).toEqual([
      `3 priority_3_training: "${names.otherTraining}" is not in the list of allowed values`,
      '4 birth_year: This field should equal or greater than 1900',
      '4 phone: This field length is shorter then it should be',
      '4 phone: This field should be a valid phone number: 123',
      '5 : The same record as row 2 of this file',
      '6 hospital: The health facility is not in the chosen district',
    ]);
    expect(await countOf()).toBe(before);

    const audits = (await t.database.db.select({ n: count() }).from(auditLogs))[0]!.n;
    const imported = events(await upload(t, '/api/imports/assessments/confirm', file, 'forms.xlsx')).at(-1);
    expect(imported.summary).toMatchObject({ create: 1, written: 1 });
    expect(await countOf()).toBe(before + 1);
    const [row] = await t.database.db.select().from(assessments).where(eq(assessments.formNo, 'TNA-001'));
    expect(row).toMatchObject({
      status: 'NEW',
      assessmentDate: '2026-11-01',
      birthYear: 1990,
      phone: '0093701234567',
      name: 'مریم',
      gender: 'female',
    });
    const details = (
      await t.request('GET', `/api/tnas/priorities/bystaffid/${row!.id}`, { token: t.adminToken })
    ).json().data;
    expect(details.map((l: { priority: number }) => l.priority)).toEqual([1, 2]);
    const [history] = await t.database.db
      .select()
      .from(assessmentHistories)
      .where(eq(assessmentHistories.assessmentId, row!.id));
    expect(history).toMatchObject({ toStatus: 'NEW', remarks: 'Imported from forms.xlsx' });
    expect((await t.database.db.select({ n: count() }).from(auditLogs))[0]!.n).toBe(audits + 1);
  });

  it('recognises a form by number and tazkira: unchanged stays, a correction updates it, an approved one is never touched', async () => {
    const before = await countOf();
    const same = events(
      await upload(
        t,
        '/api/imports/assessments/confirm',
        await workbook({ assessments: [HEADER, form()] }),
        'again.xlsx',
      ),
    ).at(-1);
    expect(same.summary).toMatchObject({ unchanged: 1, written: 0 });

    const corrected = await workbook({
      assessments: [HEADER, form({ form_no: 'tna-001', remarks: 'Corrected by import' })],
    });
    const update = events(await upload(t, '/api/imports/assessments/confirm', corrected, 'fix.xlsx')).at(-1);
    expect(update.summary).toMatchObject({ update: 1, written: 1 });
    const [row] = await t.database.db.select().from(assessments).where(eq(assessments.remarks, 'Corrected by import'));
    expect(row!.version).toBe(2);
    expect(await countOf()).toBe(before);

    const validator = await t.userWithRole('validator');
    const move = await t.request('POST', '/api/tnas/changestatus', {
      token: validator.token,
      body: { staff_id: row!.id, status: 'APPROVED', remarks: 'ok' },
    });
    expect(move.statusCode).toBe(200);
    const locked = events(
      await upload(
        t,
        '/api/imports/assessments/confirm?lang=ps',
        await workbook({ assessments: [HEADER, form({ remarks: 'Again' })] }),
        'late.xlsx',
      ),
    ).at(-1);
    expect(locked.summary).toMatchObject({ locked: 1, written: 0 });
    expect(locked.errors[0].message).toContain('دا فورمه');
    const [still] = await t.database.db.select().from(assessments).where(eq(assessments.id, row!.id));
    expect(still!.remarks).toBe('Corrected by import');
  });
});
