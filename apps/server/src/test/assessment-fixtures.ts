import { sql } from 'drizzle-orm';
import { setupTestApp, type TestContext } from './helpers.js';

export interface FormRefs {
  provinceId: number;
  districtId: number;
  otherDistrictId: number;
  hospitalId: number;
  departmentId: number;
  positionId: number;
  trainingIds: number[];
  otherDepartmentTrainingId: number;
}

/** Ids of real seeded places and catalogue entries, and one facility in Kabul's first district. */
export async function formRefs(t: TestContext): Promise<FormRefs> {
  const token = t.adminToken;
  const provinces = (await t.request('GET', '/api/provinces', { token })).json().data;
  const kabul = provinces.find((p: { code: string }) => p.code === 'AF01');
  const districts = (await t.request('GET', `/api/provinces/districts/${kabul.id}`, { token })).json().data;
  const district = districts.find((d: { code: string }) => d.code === 'AF0101');
  const other = districts.find((d: { code: string }) => d.code === 'AF0102');
  const facility = await t.request('POST', '/api/hospitals', {
    token,
    body: {
      name: 'Test District Hospital',
      type: 'DH',
      province_id: kabul.id,
      district_id: district.id,
      is_her_hf: false,
      status: 'Existing',
    },
  });
  const trainings = (await t.request('GET', '/api/trainings', { token })).json().data as {
    id: number;
    department_id: number;
  }[];
  const byDept = new Map<number, number[]>();
  for (const tr of trainings) byDept.set(tr.department_id, [...(byDept.get(tr.department_id) ?? []), tr.id]);
  const [departmentId, trainingIds] = [...byDept.entries()].find(([, ids]) => ids.length >= 3)!;
  const otherTraining = trainings.find((tr) => tr.department_id !== departmentId)!;
  const positions = (await t.request('GET', '/api/positions', { token })).json().data;
  return {
    provinceId: kabul.id,
    districtId: district.id,
    otherDistrictId: other.id,
    hospitalId: facility.json().success.id,
    departmentId,
    positionId: positions[0].id,
    trainingIds,
    otherDepartmentTrainingId: otherTraining.id,
  };
}

export function formData(r: FormRefs, over: Record<string, unknown> = {}) {
  return {
    assessment_date: '2026-11-01',
    form_no: 'TNA-0001',
    hr_id: null,
    name: 'Mariam',
    lastname: 'Karimi',
    fathername: 'Abdul Karim',
    birth_year: 1990,
    perminent_province_id: r.provinceId,
    perminent_district_id: r.districtId,
    perminent_address_details: 'Karte Char, street 3',
    temp_province_id: r.provinceId,
    temp_district_id: r.districtId,
    hospital: r.hospitalId,
    job_address: 'District hospital, maternity ward',
    temp_address_details: 'Karte Char, street 3',
    marital_status: 'married',
    gender: 'female',
    department_id: r.departmentId,
    position_id: r.positionId,
    education_level: '14 Grade',
    education_field: 'Midwifery',
    graduated_university: 'Kabul Institute of Health Sciences',
    experience: '5-10',
    implementing_organization: 'MoPH',
    phone: '+93701234567',
    tazkira: '1400-0101-12345',
    remarks: null,
    ...over,
  };
}

export function priorities(r: FormRefs, count = 3) {
  return r.trainingIds
    .slice(0, count)
    .map((training, i) => ({ department: r.departmentId, training, priority: i + 1 }));
}

/** POST /api/tnas as multipart, as the original client sends it. */
export function submitMultipart(
  t: TestContext,
  url: string,
  token: string,
  data: unknown,
  lines: unknown,
  headers: Record<string, string> = {},
) {
  const boundary = '----tna-test-boundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = `${part('data', JSON.stringify(data))}${part('priorities', JSON.stringify(lines))}--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
    payload,
  });
}

/**
 * Make `copies` more assessments like assessment `id`, with its priority lines, in one SQL statement
 * (for lists of thousands).
 */
async function copyAssessment(t: TestContext, id: number, copies: number): Promise<void> {
  const columns = await t.database.db.execute(
    sql`select string_agg(quote_ident(column_name), ', ') as list from information_schema.columns
        where table_name = 'assessments' and column_name <> 'id' and is_generated = 'NEVER'`,
  );
  const list = (columns as unknown as { rows: { list: string }[] }).rows[0]!.list;
  await t.database.db.execute(
    sql.raw(`with copied as (
        insert into assessments (${list}) select ${list} from assessments, generate_series(1, ${copies}) where id = ${id}
        returning id
      )
      insert into assessment_priorities (assessment_id, department_id, training_id, priority)
      select copied.id, p.department_id, p.training_id, p.priority
      from copied, assessment_priorities p where p.assessment_id = ${id}`),
  );
}

/**
 * `rows` NEW assessments of one data-entry user, for lists of thousands: one entered through the API
 * (`over` on its fields, `lines` priority lines), the rest copies of it.
 */
export async function seedAssessments(
  t: TestContext,
  rows: number,
  over: Record<string, unknown> = {},
  lines = 1,
): Promise<void> {
  const r = await formRefs(t);
  const entry = await t.userWithRole('dataentry');
  const res = await submitMultipart(t, '/api/tnas', entry.token, formData(r, over), priorities(r, lines));
  if (res.statusCode !== 200) throw new Error(`The first assessment was refused: ${res.statusCode} ${res.body}`);
  await copyAssessment(t, res.json().success.id, rows - 1);
}

/** A test app with the form's references and two data-entry officers (each sees only their own forms). */
export async function twoOfficers() {
  const t = await setupTestApp();
  const r = await formRefs(t);
  const officer = await t.userWithRole('dataentry');
  const otherOfficer = await t.userWithRole('dataentry');
  return { t, r, officer, otherOfficer };
}
