import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentHistories, assessmentPriorities, assessments, auditLogs } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let r: FormRefs;
let officer: { id: number; token: string };
let otherOfficer: { id: number; token: string };
let validator: { token: string };
let internalViewer: { token: string };
let externalViewer: { token: string };

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  officer = await t.userWithRole('dataentry');
  otherOfficer = await t.userWithRole('dataentry');
  validator = await t.userWithRole('validator');
  internalViewer = await t.userWithRole('internal_viewer');
  externalViewer = await t.userWithRole('external_viewer');
});

const count = async (table: typeof assessments | typeof assessmentPriorities | typeof assessmentHistories) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

async function create(token = officer.token, over: Record<string, unknown> = {}, lines = priorities(r)) {
  const res = await submitMultipart(t, '/api/tnas', token, formData(r, over), lines);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().success;
}

describe('POST /api/tnas', () => {
  it('records the form, its priority lines, its first history entry and one audit entry', async () => {
    const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r));
    expect(res.statusCode).toBe(200);
    const a = res.json().success;
    expect(a).toMatchObject({
      status: 'NEW',
      version: 1,
      name: 'Mariam',
      hospital_id: r.hospitalId,
      hospital_name: 'Test District Hospital',
      perminent_address_details: 'Karte Char, street 3',
      temp_province: { name: 'Kabul', name_fa: 'کابل' },
      created_by: officer.id,
    });
    const lines = (await t.request('GET', `/api/tnas/priorities/bystaffid/${a.id}`, { token: officer.token })).json()
      .data;
    expect(lines.map((l: { priority: number; training: { id: number } }) => [l.priority, l.training.id])).toEqual(
      priorities(r).map((l) => [l.priority, l.training]),
    );
    const history = (await t.request('GET', `/api/tnas/histories/bystaffid/${a.id}`, { token: officer.token })).json()
      .data;
    expect(history).toEqual([
      {
        id: expect.any(Number),
        user: { name: expect.any(String), email: expect.any(String) },
        created_at: expect.any(String),
        from_status: null,
        to_status: 'NEW',
        remarks: 'Created',
      },
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableType, 'Assessment'), eq(auditLogs.auditableId, String(a.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.event).toBe('created');
    expect(audit[0]!.newValues).toMatchObject({ name: 'Mariam', priorities: priorities(r) });
  });

  it('accepts a JSON body and the selected objects the original client sends for department and training', async () => {
    const lines = priorities(r, 2).map((l) => ({
      department: { id: l.department, name: 'x' },
      training: { id: l.training, title_en: 'y' },
      priority: String(l.priority),
    }));
    const res = await t.request('POST', '/api/tnas', {
      token: officer.token,
      body: { data: formData(r, { hospital: { id: r.hospitalId } }), priorities: lines },
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['assessment_date', '', 'This field is required'],
    ['assessment_date', '2026-02-30', 'This field should match the pattern'],
    ['assessment_date', '2999-01-01', 'The date cannot be in the future'],
    ['form_no', '', 'This field is required'],
    ['name', '   ', 'This field is required'],
    ['lastname', undefined, 'This field is required'],
    ['fathername', '', 'This field is required'],
    ['birth_year', 1899, 'This field should equal or greater than 1900'],
    ['birth_year', 2999, `This field should equal or less than ${new Date().getFullYear()}`],
    ['perminent_province_id', '', 'This field is required'],
    ['perminent_district_id', null, 'This field is required'],
    ['perminent_address_details', '', 'This field is required'],
    ['temp_province_id', '', 'This field is required'],
    ['hospital', '', 'This field is required'],
    ['job_address', '', 'This field is required'],
    ['temp_address_details', '', 'This field is required'],
    ['marital_status', 'divorced', 'Choose one of the listed values'],
    ['gender', '', 'This field is required'],
    ['department_id', '', 'This field is required'],
    ['position_id', '', 'This field is required'],
    ['education_level', 'Diploma', 'Choose one of the listed values'],
    ['education_field', '', 'This field is required'],
    ['graduated_university', '', 'This field is required'],
    ['experience', '3-4', 'Choose one of the listed values'],
    ['implementing_organization', '', 'This field is required'],
    ['phone', '', 'This field is required'],
    ['phone', '+93701', 'This field length is shorter then it should be'],
    ['phone', '+937012345678901', 'This field length is longer then it should be'],
    ['phone', '+93 70 abc 4567', 'This field should be a valid phone number: +9370abc4567'],
    ['tazkira', '', 'This field is required'],
  ])('rejects %s = %j with 422 on the field, and records nothing', async (field, value, message) => {
    const before = await count(assessments);
    const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r, { [field]: value }), priorities(r));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await count(assessments)).toBe(before);
  });

  it.each([['+93701234567'], ['0093701234567'], ['+937012345678']])('accepts the phone %s', async (phone) => {
    await create(officer.token, { phone });
  });

  it('accepts an empty HR ID and remarks (the only optional fields)', async () => {
    const a = await create(officer.token, { hr_id: '', remarks: '' });
    expect(a).toMatchObject({ hr_id: null, remarks: null });
  });

  it('checks places: districts in their provinces, the facility in the job district', async () => {
    const herat = (await t.request('GET', '/api/provinces', { token: officer.token }))
      .json()
      .data.find((p: { code: string }) => p.code === 'AF32');
    const res = await submitMultipart(
      t,
      '/api/tnas',
      officer.token,
      formData(r, { perminent_province_id: herat.id, temp_district_id: r.otherDistrictId }),
      priorities(r),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      perminent_district_id: ['The district does not belong to the chosen province'],
      hospital: ['The health facility is not in the chosen district'],
    });
  });

  it('checks against the reference data as it is now: a facility moved a moment before', async () => {
    const move = async (district: number) => {
      const res = await t.request('POST', '/api/hospitals', {
        token: t.adminToken,
        body: {
          id: r.hospitalId,
          name: 'Test District Hospital',
          type: 'DH',
          province_id: r.provinceId,
          district_id: district,
          is_her_hf: false,
          status: 'Existing',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await create(officer.token);
    await move(r.otherDistrictId);
    try {
      const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.hospital).toEqual(['The health facility is not in the chosen district']);
    } finally {
      await move(r.districtId);
    }
    await create(officer.token);
  });

  it.each([
    ['no priority line', () => [], 'priorities', 'Add at least one training priority'],
    [
      'a training twice',
      () => [priorities(r)[0], { ...priorities(r)[0], priority: 2 }],
      'priorities.1.training',
      'This training is already in the list',
    ],
    [
      'a training of another department',
      () => [{ department: r.departmentId, training: r.otherDepartmentTrainingId, priority: 1 }],
      'priorities.0.training',
      'The training does not belong to the chosen department',
    ],
    [
      'a priority of 6',
      () => [{ ...priorities(r)[0], priority: 6 }],
      'priorities.0.priority',
      'Choose one of the listed values',
    ],
    [
      'a line without training',
      () => [{ department: r.departmentId, priority: 1 }],
      'priorities.0.training',
      'This field is required',
    ],
    [
      'a training that does not exist',
      () => [{ department: r.departmentId, training: 999999, priority: 1 }],
      'priorities.0.training',
      'The chosen item does not exist',
    ],
  ])('rejects %s', async (_name, lines, field, message) => {
    const before = [await count(assessments), await count(assessmentPriorities)];
    const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r), lines());
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect([await count(assessments), await count(assessmentPriorities)]).toEqual(before);
  });

  it('is atomic: a failure on the last priority line leaves no assessment, line, history or audit entry', async () => {
    const before = [await count(assessments), await count(assessmentPriorities), await count(assessmentHistories)];
    const audits = (await t.database.db.select().from(auditLogs)).length;
    // Valid for the schema and the reference checks, refused by the database at the last line.
    await t.database.db.execute(
      sql`alter table assessment_priorities add constraint test_no_priority_5 check (priority <> 5)`,
    );
    try {
      const lines = [...priorities(r, 2), { department: r.departmentId, training: r.trainingIds[2]!, priority: 5 }];
      const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r), lines);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table assessment_priorities drop constraint test_no_priority_5`);
    }
    expect([await count(assessments), await count(assessmentPriorities), await count(assessmentHistories)]).toEqual(
      before,
    );
    expect((await t.database.db.select().from(auditLogs)).length).toBe(audits);
  });

  it('a retry with the same idempotency key answers the first result and creates nothing', async () => {
    const before = await count(assessments);
    const headers = { 'idempotency-key': 'submit-abc-123' };
    const first = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    const retry = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().success.id).toBe(first.json().success.id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(assessments)).toBe(before + 1);
    // Another officer may use the same key text: keys are per user.
    const other = await submitMultipart(t, '/api/tnas', otherOfficer.token, formData(r), priorities(r), headers);
    expect(other.json().success.id).not.toBe(first.json().success.id);
  });

  it('a failed submit does not burn its key: the corrected retry goes through', async () => {
    const headers = { 'idempotency-key': 'submit-fix-1' };
    const bad = await submitMultipart(t, '/api/tnas', officer.token, formData(r, { name: '' }), priorities(r), headers);
    expect(bad.statusCode).toBe(422);
    const good = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    expect(good.statusCode).toBe(200);
  });

  it('is refused to roles that do not enter data', async () => {
    for (const token of [validator.token, internalViewer.token, externalViewer.token]) {
      expect((await submitMultipart(t, '/api/tnas', token, formData(r), priorities(r))).statusCode).toBe(403);
    }
    expect((await submitMultipart(t, '/api/tnas', '', formData(r), priorities(r))).statusCode).toBe(401);
  });
});

describe('reading an assessment', () => {
  it('answers the creator, admins and validators; 404 to a data-entry officer who did not enter it', async () => {
    const a = await create();
    for (const token of [officer.token, t.adminToken, validator.token]) {
      expect((await t.request('GET', `/api/tnas/bystaffid/${a.id}`, { token })).statusCode).toBe(200);
    }
    for (const token of [otherOfficer.token, internalViewer.token]) {
      expect((await t.request('GET', `/api/tnas/bystaffid/${a.id}`, { token })).statusCode).toBe(404);
      expect((await t.request('GET', `/api/tnas/histories/bystaffid/${a.id}`, { token })).statusCode).toBe(404);
    }
    expect((await t.request('GET', `/api/tnas/bystaffid/${a.id}`, { token: externalViewer.token })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/tnas/myforms/NEW', () => {
  it("pages the caller's own NEW forms only, newest first", async () => {
    const own = await setupTestApp();
    const refs = await formRefs(own);
    const me = await own.userWithRole('dataentry');
    const someoneElse = await own.userWithRole('dataentry');
    for (let i = 0; i < 17; i++) {
      await submitMultipart(own, '/api/tnas', me.token, formData(refs, { name: `Worker ${i}` }), priorities(refs, 1));
    }
    await submitMultipart(
      own,
      '/api/tnas',
      someoneElse.token,
      formData(refs, { name: 'Not mine' }),
      priorities(refs, 1),
    );
    const page1 = (await own.request('GET', '/api/tnas/myforms/NEW', { token: me.token })).json().data;
    expect(page1).toMatchObject({ total: 17, per_page: 15, from: 1, to: 15, last_page: 2, current_page: 1 });
    expect(page1.data[0]).toMatchObject({
      name: 'Worker 16',
      fathername: 'Abdul Karim',
      birth_year: 1990,
      hospital_name: 'Test District Hospital',
      temp_province: { name: 'Kabul' },
    });
    const page2 = (
      await own.request('GET', page1.next_page_url.replace(/^https?:\/\/[^/]+/, ''), { token: me.token })
    ).json().data;
    expect(page2).toMatchObject({ from: 16, to: 17 });
    expect([...page1.data, ...page2.data].some((x: { name: string }) => x.name === 'Not mine')).toBe(false);
    expect(page2.data.map((x: { name: string }) => x.name)).toEqual(['Worker 1', 'Worker 0']);
    // Past the end: no rows, and still the count.
    const page3 = (await own.request('GET', '/api/tnas/myforms/NEW?page=3', { token: me.token })).json().data;
    expect(page3).toMatchObject({ total: 17, data: [] });
    // The count is kept between pages, and follows the next form at once.
    await submitMultipart(own, '/api/tnas', me.token, formData(refs, { name: 'Worker 17' }), priorities(refs, 1));
    const after = (await own.request('GET', '/api/tnas/myforms/NEW', { token: me.token })).json().data;
    expect(after).toMatchObject({ total: 18, last_page: 2, to: 15 });
    expect(after.data[0]).toMatchObject({ name: 'Worker 17' });
    // A full page nearer the end than the start (read oldest first, then turned round).
    const deep = (await own.request('GET', '/api/tnas/myforms/NEW?page=3&per_page=5', { token: me.token })).json().data;
    expect(deep).toMatchObject({ total: 18, from: 11, to: 15 });
    expect(deep.data.map((x: { name: string }) => x.name)).toEqual([7, 6, 5, 4, 3].map((i) => `Worker ${i}`));
    expect(
      (await own.request('GET', '/api/tnas/myforms/NEW', { token: (await own.userWithRole('validator')).token }))
        .statusCode,
    ).toBe(403);
  });
});
