import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentHistories, assessments, auditLogs } from '../../db/schema/index.js';
import {
  type FormRefs,
  formData,
  formRefs,
  priorities,
  submitMultipart,
  twoOfficers,
} from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// Corrections, archiving and the duplicate check of saved forms; split from assessments.test.ts,
// which keeps creating and reading them.
let t: TestContext;
let r: FormRefs;
let officer: { id: number; token: string };
let otherOfficer: { id: number; token: string };

beforeAll(async () => {
  ({ t, r, officer, otherOfficer } = await twoOfficers());
});

async function create(token = officer.token, over: Record<string, unknown> = {}, lines = priorities(r)) {
  const res = await submitMultipart(t, '/api/tnas', token, formData(r, over), lines);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().success;
}

describe('POST /api/tnas/update', () => {
  const update = (
    token: string,
    a: { id: number; version: number },
    over: Record<string, unknown> = {},
    lines = priorities(r, 2),
  ) => submitMultipart(t, '/api/tnas/update', token, { ...formData(r, over), id: a.id, version: a.version }, lines);

  it('changes the fields and replaces the priority lines as a whole; audits only what changed', async () => {
    const a = await create();
    const res = await update(officer.token, a, { name: 'Maryam', experience: '10-15' }, [
      { department: r.departmentId, training: r.trainingIds[2]!, priority: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toMatchObject({ name: 'Maryam', experience: '10-15', version: 2 });
    const lines = (await t.request('GET', `/api/tnas/priorities/bystaffid/${a.id}`, { token: officer.token })).json()
      .data;
    expect(lines.map((l: { training: { id: number } }) => l.training.id)).toEqual([r.trainingIds[2]]);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableId, String(a.id)), eq(auditLogs.event, 'updated')));
    expect(Object.keys(entry!.newValues!).sort()).toEqual(['experience', 'name', 'priorities', 'version'].sort());
    // The lines as they were, read with the row's lock, in the order they were written.
    expect(entry!.oldValues!.priorities).toEqual(priorities(r));
    expect(entry!.newValues!.priorities).toEqual([
      { department: r.departmentId, training: r.trainingIds[2]!, priority: 1 },
    ]);
  });

  it('does not audit the lines when a correction keeps them', async () => {
    const a = await create(officer.token, {}, priorities(r, 2));
    const res = await update(officer.token, a, { name: 'Maryam' }, priorities(r, 2));
    expect(res.statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableId, String(a.id)), eq(auditLogs.event, 'updated')));
    expect(Object.keys(entry!.newValues!).sort()).toEqual(['name', 'version']);
  });

  it('answers 409 for a stale version and changes nothing', async () => {
    const a = await create();
    expect((await update(officer.token, a, { name: 'First edit' })).statusCode).toBe(200);
    const stale = await update(officer.token, a, { name: 'Second edit on old copy' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Someone else changed this assessment');
    const now = (await t.request('GET', `/api/tnas/bystaffid/${a.id}`, { token: officer.token })).json().data;
    expect(now.name).toBe('First edit');
  });

  it('on NEW only the creator or an admin may edit', async () => {
    const a = await create();
    expect((await update(otherOfficer.token, a)).statusCode).toBe(404);
    expect((await update(t.adminToken, a)).statusCode).toBe(200);
  });

  it('locks APPROVED and ARCHIVED forms with 409', async () => {
    for (const status of ['APPROVED', 'ARCHIVED']) {
      const a = await create();
      await t.database.db.update(assessments).set({ status }).where(eq(assessments.id, a.id));
      const res = await update(t.adminToken, a);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(`This assessment is ${status} and can no longer be changed.`);
    }
  });

  it('lets any data-entry officer correct a REJECTED form', async () => {
    const a = await create();
    await t.database.db.update(assessments).set({ status: 'REJECTED' }).where(eq(assessments.id, a.id));
    expect((await update(otherOfficer.token, a, { name: 'Corrected' })).statusCode).toBe(200);
  });
});

describe('archiving from My Assessments (POST /api/tnas/changestatus)', () => {
  it('archives an own NEW form with the reason and note, writing history and audit', async () => {
    const a = await create();
    const res = await t.request('POST', '/api/tnas/changestatus', {
      token: officer.token,
      body: { staff_id: a.id, status: 'ARCHIVED', remarks: 'Duplicate: entered twice by mistake' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success.status).toBe('ARCHIVED');
    const history = (await t.request('GET', `/api/tnas/histories/bystaffid/${a.id}`, { token: officer.token })).json()
      .data;
    expect(history.at(-1)).toMatchObject({
      from_status: 'NEW',
      to_status: 'ARCHIVED',
      remarks: 'Duplicate: entered twice by mistake',
    });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableId, String(a.id)), eq(auditLogs.event, 'updated')));
    expect(audit.map((e) => [e.oldValues, e.newValues])).toEqual([[{ status: 'NEW' }, { status: 'ARCHIVED' }]]);
    const mine = (await t.request('GET', '/api/tnas/myforms/NEW?per_page=100', { token: officer.token })).json().data
      .data;
    expect(mine.some((x: { id: number }) => x.id === a.id)).toBe(false);
  });

  it("refuses another officer's form, a missing remark, and a second archive", async () => {
    const a = await create();
    const other = await t.request('POST', '/api/tnas/changestatus', {
      token: otherOfficer.token,
      body: { staff_id: a.id, status: 'ARCHIVED', remarks: 'Wrong Entry: x' },
    });
    expect(other.statusCode).toBe(404);
    const noRemark = await t.request('POST', '/api/tnas/changestatus', {
      token: officer.token,
      body: { staff_id: a.id, status: 'ARCHIVED', remarks: '' },
    });
    expect(noRemark.statusCode).toBe(422);
    expect(noRemark.json().errors.remarks).toEqual(['This field is required']);
    await t.request('POST', '/api/tnas/changestatus', {
      token: officer.token,
      body: { staff_id: a.id, status: 'ARCHIVED', remarks: 'Wrong Entry: x' },
    });
    const again = await t.request('POST', '/api/tnas/changestatus', {
      token: officer.token,
      body: { staff_id: a.id, status: 'ARCHIVED', remarks: 'Wrong Entry: x' },
    });
    expect(again.statusCode).toBe(409);
    const history = await t.database.db
      .select()
      .from(assessmentHistories)
      .where(eq(assessmentHistories.assessmentId, a.id));
    expect(history).toHaveLength(2);
  });
});

describe('POST /api/tnas/duplicates', () => {
  it('finds a non-archived form with the same tazkira, or the same person in the same facility', async () => {
    const own = await setupTestApp();
    const refs = await formRefs(own);
    const me = await own.userWithRole('dataentry');
    const first = (
      await submitMultipart(
        own,
        '/api/tnas',
        me.token,
        formData(refs, { tazkira: '1401-0202-55555', name: 'Ahmad', fathername: 'Mahmood', birth_year: 1985 }),
        priorities(refs, 1),
      )
    ).json().success;
    const check = (body: Record<string, unknown>) =>
      own.request('POST', '/api/tnas/duplicates', { token: me.token, body }).then((x) => x.json().data);
    expect((await check({ tazkira: ' 1401-0202-55555 ' })).map((x: { id: number }) => x.id)).toEqual([first.id]);
    expect(
      (await check({ name: 'ahmad', fathername: 'MAHMOOD', birth_year: 1985, hospital: refs.hospitalId })).map(
        (x: { id: number }) => x.id,
      ),
    ).toEqual([first.id]);
    expect(await check({ name: 'Ahmad', fathername: 'Mahmood', birth_year: 1986, hospital: refs.hospitalId })).toEqual(
      [],
    );
    expect(await check({ tazkira: '1401-0202-55555', id: first.id })).toEqual([]);
    await own.request('POST', '/api/tnas/changestatus', {
      token: me.token,
      body: { staff_id: first.id, status: 'ARCHIVED', remarks: 'Duplicate: test' },
    });
    expect(await check({ tazkira: '1401-0202-55555' })).toEqual([]);
  });
});
