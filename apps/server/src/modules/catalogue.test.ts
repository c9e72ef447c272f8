import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../db/schema/index.js';
import { insertAssessment, validatorInKabul } from '../test/fixtures.js';
import type { TestContext } from '../test/helpers.js';

// The training catalogue (departments, positions, trainings) and the user log that records its
// changes; split from reference-data.test.ts, which keeps the places and facilities.
let t: TestContext;
let validatorToken: string;
let kabul: { id: number };
let kabulDistrict: { id: number };

beforeAll(async () => {
  ({ t, validatorToken, kabul, kabulDistrict } = await validatorInKabul());
});

const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs))[0]!.n;

describe('departments, positions and trainings', () => {
  it('serves the seeded catalogue: departments, positions with trainings, trainings with positions', async () => {
    const departments = (await t.request('GET', '/api/departments', { token: validatorToken })).json().data;
    const positions = (await t.request('GET', '/api/positions', { token: validatorToken })).json().data;
    const trainings = (await t.request('GET', '/api/trainings', { token: validatorToken })).json().data;
    expect(departments.length).toBeGreaterThanOrEqual(12);
    expect(positions.length).toBeGreaterThanOrEqual(25);
    expect(trainings.length).toBeGreaterThanOrEqual(50);
    expect(trainings[0]).toEqual({
      id: expect.any(Number),
      title_en: expect.any(String),
      title_dr: expect.any(String),
      title_pa: expect.any(String),
      training_type: expect.stringMatching(/^(Initial|Follow-up)$/),
      frequency: expect.any(String),
      department_id: expect.any(Number),
      department: {
        id: expect.any(Number),
        name: expect.any(String),
        name_dr: expect.any(String),
        name_pa: expect.any(String),
      },
      positions: expect.arrayContaining([
        expect.objectContaining({ id: expect.any(Number), title_en: expect.any(String) }),
      ]),
    });
    expect(positions[0].trainings.length).toBeGreaterThan(0);
    const dept = trainings[0].department_id;
    const ofDept = (await t.request('GET', `/api/trainings/bydepartment/${dept}`, { token: validatorToken })).json()
      .data;
    expect(ofDept.length).toBeGreaterThan(0);
    expect(ofDept.every((x: { department_id: number }) => x.department_id === dept)).toBe(true);
  });

  it('creates, updates and deletes a department with one audit entry each', async () => {
    const created = await t.request('POST', '/api/departments', {
      token: t.adminToken,
      body: { name: 'Oral Health', remarks: 'Dental care' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().success.id;
    const dup = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name: 'ORAL HEALTH' } });
    expect(dup.statusCode).toBe(422);
    const updated = await t.request('POST', '/api/departments', {
      token: t.adminToken,
      body: { id, name: 'Oral and Dental Health', remarks: 'Dental care' },
    });
    expect(updated.json().success.name).toBe('Oral and Dental Health');
    expect((await t.request('DELETE', `/api/departments/${id}`, { token: t.adminToken })).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableType, 'Department'), eq(auditLogs.auditableId, String(id))))
      .orderBy(auditLogs.id);
    expect(entries.map((e) => [e.event, e.oldValues, e.newValues])).toEqual([
      ['created', null, { id, name: 'Oral Health', name_dr: null, name_pa: null, remarks: 'Dental care' }],
      ['updated', { name: 'Oral Health' }, { name: 'Oral and Dental Health' }],
      ['deleted', { id, name: 'Oral and Dental Health', name_dr: null, name_pa: null, remarks: 'Dental care' }, null],
    ]);
  });

  it('creates a training for positions, then a position with that training, and edits both', async () => {
    const dept = (
      await t.request('POST', '/api/departments', { token: t.adminToken, body: { name: 'Eye Care' } })
    ).json().success;
    const anyPosition = (await t.request('GET', '/api/positions', { token: t.adminToken })).json().data[0];
    const training = await t.request('POST', '/api/trainings', {
      token: t.adminToken,
      body: {
        title_en: 'Primary Eye Care',
        title_dr: 'مراقبت اولیه چشم',
        training_type: 'Initial',
        frequency: 'one time',
        department: dept.id,
        positions: [anyPosition.id],
      },
    });
    expect(training.statusCode).toBe(200);
    const tr = training.json().success;
    expect(tr).toMatchObject({
      title_en: 'Primary Eye Care',
      title_pa: null,
      department: { id: dept.id, name: 'Eye Care' },
      positions: [{ id: anyPosition.id }],
    });

    // The original client sends the selected objects for department and the multi-select.
    const position = await t.request('POST', '/api/positions', {
      token: t.adminToken,
      body: {
        title_en: 'Ophthalmic Nurse',
        title_dr: 'نرس چشم',
        title_pa: 'د سترګو نرس',
        department: { id: dept.id, name: 'Eye Care' },
        trainings: [{ id: tr.id, title_en: tr.title_en }],
      },
    });
    expect(position.statusCode).toBe(200);
    const pos = position.json().success;
    expect(pos.trainings).toEqual([
      { id: tr.id, title_en: 'Primary Eye Care', title_dr: 'مراقبت اولیه چشم', title_pa: null },
    ]);

    const trainingNow = (await t.request('GET', '/api/trainings', { token: t.adminToken }))
      .json()
      .data.find((x: { id: number }) => x.id === tr.id);
    expect(trainingNow.positions.map((p: { id: number }) => p.id).sort()).toEqual(
      [anyPosition.id, pos.id].sort((a, b) => a - b),
    );

    const edit = await t.request('POST', '/api/trainings', {
      token: t.adminToken,
      body: {
        id: tr.id,
        title_en: 'Primary Eye Care',
        training_type: 'Follow-up',
        frequency: '2 years',
        department: dept.id,
        positions: [pos.id],
      },
    });
    expect(edit.json().success).toMatchObject({
      training_type: 'Follow-up',
      frequency: '2 years',
      positions: [{ id: pos.id }],
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.auditableType, 'Training'),
          eq(auditLogs.auditableId, String(tr.id)),
          eq(auditLogs.event, 'updated'),
        ),
      );
    // The edit did not send title_dr: it is kept, and the audit entry names only what changed.
    expect(edit.json().success.title_dr).toBe('مراقبت اولیه چشم');
    expect(entry!.oldValues).toEqual({
      training_type: 'Initial',
      frequency: 'one time',
      positions: [anyPosition.id, pos.id].sort((a, b) => a - b),
    });
    expect(entry!.newValues).toEqual({
      training_type: 'Follow-up',
      frequency: '2 years',
      positions: [pos.id],
    });
  });

  it.each([
    [{ title_en: '' }, 'title_en', 'This field is required'],
    [{ training_type: 'Advanced' }, 'training_type', 'Choose one of the listed values'],
    [{ training_type: '' }, 'training_type', 'This field is required'],
    [{ frequency: 'weekly' }, 'frequency', 'Choose one of the listed values'],
    [{ department: null }, 'department', 'This field is required'],
    [{ positions: [] }, 'positions', 'This field is required'],
    [{ positions: [999999] }, 'positions', 'The chosen item does not exist'],
    [{ department: 999999 }, 'department', 'The chosen item does not exist'],
  ])('rejects training %j with 422', async (over, field, message) => {
    const pos = (await t.request('GET', '/api/positions', { token: t.adminToken })).json().data[0];
    const body = {
      title_en: 'T',
      training_type: 'Initial',
      frequency: '1 year',
      department: pos.department_id,
      positions: [pos.id],
      ...over,
    };
    const res = await t.request('POST', '/api/trainings', { token: t.adminToken, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it.each([
    [{ title_en: '' }, 'title_en'],
    [{ title_dr: '' }, 'title_dr'],
    [{ title_pa: '' }, 'title_pa'],
    [{ department: '' }, 'department'],
    [{ trainings: [] }, 'trainings'],
  ])('rejects position %j with 422 "required"', async (over, field) => {
    const tr = (await t.request('GET', '/api/trainings', { token: t.adminToken })).json().data[0];
    const body = {
      title_en: 'P',
      title_dr: 'پ',
      title_pa: 'پ',
      department: tr.department_id,
      trainings: [tr.id],
      ...over,
    };
    const res = await t.request('POST', '/api/positions', { token: t.adminToken, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain('This field is required');
  });

  it('refuses a position with a training that does not exist', async () => {
    const tr = (await t.request('GET', '/api/trainings', { token: t.adminToken })).json().data[0];
    const res = await t.request('POST', '/api/positions', {
      token: t.adminToken,
      body: { title_en: 'P', title_dr: 'پ', title_pa: 'پ', department: tr.department_id, trainings: [tr.id, 999999] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.trainings).toEqual(['The chosen item does not exist']);
  });

  it('answers 409 saying what uses a department, training, position or facility, and keeps them', async () => {
    const trainings = (await t.request('GET', '/api/trainings', { token: t.adminToken })).json().data;
    const tr = trainings[0];
    const pos = tr.positions[0];
    const body = {
      ...{ name: 'Catalogue Clinic', code: null, type: 'CHC', status: 'Existing', is_her_hf: false },
      ...{ province_id: kabul.id, district_id: kabulDistrict.id, latitude: '34.5553', longtitude: '69.2075' },
    };
    const fac = (await t.request('POST', '/api/hospitals', { token: t.adminToken, body })).json().success;
    await insertAssessment(t.database.db, {
      hospitalId: fac.id,
      departmentId: tr.department_id,
      positionId: pos.id,
      trainingId: tr.id,
    });
    const before = await auditCount();

    const dep = await t.request('DELETE', `/api/departments/${tr.department_id}`, { token: t.adminToken });
    expect(dep.statusCode).toBe(409);
    expect(dep.json().message).toMatch(
      /^This department cannot be deleted: it is used by \d+ positions, \d+ trainings, 1 assessments, 1 priority lines\.$/,
    );
    expect(dep.json().message_key).toBe('conflict.inUse');
    const trDel = await t.request('DELETE', `/api/trainings/${tr.id}`, { token: t.adminToken });
    expect(trDel.statusCode).toBe(409);
    expect(trDel.json().message).toBe('This training cannot be deleted: it is used by 1 priority lines.');
    const posDel = await t.request('DELETE', `/api/positions/${pos.id}`, { token: t.adminToken });
    expect(posDel.statusCode).toBe(409);
    expect(posDel.json().message).toBe('This position cannot be deleted: it is used by 1 assessments.');
    const facDel = await t.request('DELETE', `/api/hospitals/${fac.id}`, { token: t.adminToken });
    expect(facDel.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
    expect((await t.request('GET', '/api/trainings', { token: t.adminToken })).json().data).toHaveLength(
      trainings.length,
    );
  });

  it('deletes an unused training together with its links to positions', async () => {
    const pos = (await t.request('GET', '/api/positions', { token: t.adminToken })).json().data[0];
    const tr = (
      await t.request('POST', '/api/trainings', {
        token: t.adminToken,
        body: {
          title_en: 'Short-lived',
          training_type: 'Initial',
          frequency: 'one time',
          department: pos.department_id,
          positions: [pos.id],
        },
      })
    ).json().success;
    expect((await t.request('DELETE', `/api/trainings/${tr.id}`, { token: t.adminToken })).statusCode).toBe(200);
    const posNow = (await t.request('GET', '/api/positions', { token: t.adminToken }))
      .json()
      .data.find((p: { id: number }) => p.id === pos.id);
    expect(posNow.trainings.some((x: { id: number }) => x.id === tr.id)).toBe(false);
    expect((await t.request('DELETE', `/api/trainings/${tr.id}`, { token: t.adminToken })).statusCode).toBe(404);
  });
});

describe('GET /api/logs/user-logs', () => {
  it('answers the newest first, paged, with the user name, filterable', async () => {
    const res = await t.request('GET', '/api/logs/user-logs?per_page=5', { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const times = page.data.map((e: { created_at: string }) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.data[0]).toMatchObject({ user_name: 'Administrator', user_id: expect.any(Number) });

    const onlyDeletes = (
      await t.request('GET', '/api/logs/user-logs?event=deleted&model=Department&per_page=100', { token: t.adminToken })
    ).json().data;
    expect(onlyDeletes.data.length).toBeGreaterThan(0);
    expect(
      onlyDeletes.data.every(
        (e: { event: string; auditable_type: string }) => e.event === 'deleted' && e.auditable_type === 'Department',
      ),
    ).toBe(true);
    const future = (await t.request('GET', '/api/logs/user-logs?from=2999-01-01', { token: t.adminToken })).json().data;
    expect(future.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const todays = (
      await t.request('GET', `/api/logs/user-logs?from=${today}&to=${today}`, { token: t.adminToken })
    ).json().data;
    expect(todays.total).toBe(page.total);
    expect((await t.request('GET', '/api/logs/user-logs?from=yesterday', { token: t.adminToken })).statusCode).toBe(
      422,
    );
  });
});
