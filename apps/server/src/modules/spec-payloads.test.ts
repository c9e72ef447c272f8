import { beforeAll, describe, expect, it } from 'vitest';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../test/assessment-fixtures.js';
import { districtOf } from '../test/fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

// A client written against SPEC section 7 sends exactly the fields the spec names on every update
// (`POST /api/departments {id, name, remarks}`); the fields added since (Dari and Pashto names,
// coordinates, a version) are absent from its payloads, and an absent field keeps what is stored.

let t: TestContext;
let r: FormRefs;

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
});

const post = async (url: string, body: Record<string, unknown>, token = t.adminToken) => {
  const res = await t.request('POST', url, { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().success;
};

describe('updates with exactly the spec payloads keep the fields the spec does not name', () => {
  it('POST /api/departments {id, name, remarks} keeps name_dr and name_pa; an explicit null clears them', async () => {
    const made = await post('/api/departments', {
      name: 'Spec Department',
      name_dr: 'دیپارتمنت',
      name_pa: 'څانګه',
      remarks: 'first',
    });
    const edited = await post('/api/departments', { id: made.id, name: 'Spec Department 2', remarks: 'second' });
    expect(edited).toMatchObject({
      name: 'Spec Department 2',
      remarks: 'second',
      name_dr: 'دیپارتمنت',
      name_pa: 'څانګه',
    });
    const listed = (await t.request('GET', '/api/departments', { token: t.adminToken })).json().data;
    expect(listed.find((d: { id: number }) => d.id === made.id)).toMatchObject({ name_dr: 'دیپارتمنت' });
    const cleared = await post('/api/departments', {
      id: made.id,
      name: 'Spec Department 2',
      name_dr: null,
      name_pa: '',
    });
    expect(cleared).toMatchObject({ name_dr: null, name_pa: null, remarks: 'second' });
  });

  it('POST /api/provinces/districts {id, name, parent_id} keeps the Dari and Pashto names', async () => {
    const { province } = await districtOf(t.database.db, 'AF01', 'AF0101');
    const made = await post('/api/provinces/districts', {
      name: 'Spec District',
      name_fa: 'ولسوالی نمونه',
      name_ps: 'نمونه ولسوالۍ',
      parent_id: province.id,
    });
    const edited = await post('/api/provinces/districts', {
      id: made.id,
      name: 'Bagrami Spec',
      parent_id: province.id,
    });
    expect(edited).toMatchObject({ name: 'Bagrami Spec', name_fa: 'ولسوالی نمونه', name_ps: 'نمونه ولسوالۍ' });
    const districts = (
      await t.request('GET', `/api/provinces/districts/${province.id}`, { token: t.adminToken })
    ).json().data;
    expect(districts.find((d: { id: number }) => d.id === made.id)).toMatchObject({ name_fa: 'ولسوالی نمونه' });
  });

  it('POST /api/hospitals with the spec fields updates them; a client that leaves out the coordinates keeps them', async () => {
    const { province, district } = await districtOf(t.database.db, 'AF01', 'AF0101');
    const spec = {
      name: 'Spec Clinic',
      code: 'SPEC-1',
      type: 'BHC',
      province_id: province.id,
      district_id: district.id,
      is_her_hf: false,
      latitude: '34.5',
      longtitude: '69.1',
      status: 'Existing',
    };
    const made = await post('/api/hospitals', spec);
    const edited = await post('/api/hospitals', { ...spec, id: made.id, name: 'Spec Clinic 2', status: 'Closed' });
    expect(edited).toMatchObject({ name: 'Spec Clinic 2', status: 'Closed', code: 'SPEC-1', latitude: 34.5 });
    const { latitude: _lat, longtitude: _lng, code: _code, ...withoutOptional } = spec;
    const kept = await post('/api/hospitals', { ...withoutOptional, id: made.id, name: 'Spec Clinic 3' });
    expect(kept).toMatchObject({ name: 'Spec Clinic 3', code: 'SPEC-1', latitude: 34.5, longtitude: 69.1 });
    const cleared = await post('/api/hospitals', { ...spec, id: made.id, latitude: '', longtitude: null, code: null });
    expect(cleared).toMatchObject({ code: null, latitude: null, longtitude: null });
  });

  it('POST /api/trainings and POST /api/positions with the spec fields update them', async () => {
    const dept = await post('/api/departments', { name: 'Spec Training Department', remarks: null });
    const position = await post('/api/positions', {
      title_en: 'Spec Nurse',
      title_dr: 'نرس',
      title_pa: 'نرسه',
      trainings: [r.trainingIds[0]],
      department: dept.id,
    });
    const training = await post('/api/trainings', {
      title_en: 'Spec Training',
      title_dr: 'آموزش',
      title_pa: 'روزنه',
      training_type: 'Initial',
      positions: [position.id],
      department: dept.id,
      frequency: '1 year',
    });
    const trainingEdit = await post('/api/trainings', {
      id: training.id,
      title_en: 'Spec Training 2',
      title_dr: 'آموزش',
      title_pa: 'روزنه',
      training_type: 'Follow-up',
      positions: [{ id: position.id, title_en: 'Spec Nurse' }],
      department: { id: dept.id, name: dept.name },
      frequency: '2 years',
    });
    expect(trainingEdit).toMatchObject({
      title_en: 'Spec Training 2',
      training_type: 'Follow-up',
      frequency: '2 years',
    });
    const positionEdit = await post('/api/positions', {
      id: position.id,
      title_en: 'Spec Nurse 2',
      title_dr: 'نرس',
      title_pa: 'نرسه',
      trainings: [training.id],
      department: dept.id,
    });
    expect(positionEdit).toMatchObject({ title_en: 'Spec Nurse 2', department_id: dept.id });
    expect(positionEdit.trainings.map((x: { id: number }) => x.id)).toEqual([training.id]);
  });

  it('POST /api/users/register with id and the spec fields edits the user; an empty password keeps theirs', async () => {
    const user = await t.userWithRole('dataentry', 'Spec User');
    const edited = await post('/api/users/register', {
      id: user.id,
      name: 'Spec User 2',
      email: user.email,
      password: '',
      c_password: '',
      role: 'validator',
    });
    expect(edited).toMatchObject({ name: 'Spec User 2', roles: [{ name: 'validator' }] });
    expect(await t.login(user.email, user.password)).toEqual(expect.any(String));
    await post('/api/users/register', {
      id: user.id,
      name: 'Spec User 2',
      email: user.email,
      password: 'a-new-password',
      c_password: 'a-new-password',
      role: 'validator',
    });
    expect(await t.login(user.email, 'a-new-password')).toEqual(expect.any(String));
  });

  it('POST /api/users/update-profile with the spec fields changes the name and password', async () => {
    const user = await t.userWithRole('internal_viewer', 'Profile Spec');
    const body = {
      id: user.id,
      name: 'Profile Spec 2',
      email: user.email,
      password: 'profile-pass-2',
      c_password: 'profile-pass-2',
    };
    expect((await post('/api/users/update-profile', body, user.token)).name).toBe('Profile Spec 2');
    expect(await t.login(user.email, 'profile-pass-2')).toEqual(expect.any(String));
  });
});

describe('POST /api/tnas/update with the spec fields (no version)', () => {
  const create = async (over: Record<string, unknown> = {}) => {
    const officer = await t.userWithRole('dataentry');
    const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r, over), priorities(r));
    expect(res.statusCode, res.body).toBe(200);
    return { officer, a: res.json().success as { id: number; version: number } };
  };

  it('applies as the original did, and an absent optional field (hr_id) keeps its value', async () => {
    const { officer, a } = await create({ hr_id: 'HR-77' });
    const { hr_id: _hr, ...specFields } = formData(r, { name: 'Without Version' });
    const res = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      { ...specFields, id: a.id },
      priorities(r, 1),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toMatchObject({ name: 'Without Version', hr_id: 'HR-77', version: a.version + 1 });
    // A second edit from the same stale copy still applies: without a version there is nothing to compare.
    const again = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      { ...specFields, id: a.id, name: 'Again' },
      priorities(r, 1),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().success).toMatchObject({ name: 'Again', version: a.version + 2 });
  });

  it('with a version, a stale edit still answers 409 and changes nothing', async () => {
    const { officer, a } = await create();
    const first = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      { ...formData(r, { name: 'First' }), id: a.id, version: a.version },
      priorities(r),
    );
    expect(first.statusCode).toBe(200);
    const stale = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      { ...formData(r, { name: 'Stale' }), id: a.id, version: a.version },
      priorities(r),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Someone else changed') });
    const now = (await t.request('GET', `/api/tnas/bystaffid/${a.id}`, { token: officer.token })).json().data;
    expect(now.name).toBe('First');
  });
});
