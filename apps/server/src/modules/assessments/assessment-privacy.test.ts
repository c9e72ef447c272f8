import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.js';
import { type FormRefs, formData, priorities, submitMultipart, twoOfficers } from '../../test/assessment-fixtures.js';
import type { TestContext } from '../../test/helpers.js';

let t: TestContext;
let r: FormRefs;
let officer: { id: number; token: string };
let otherOfficer: { id: number; token: string };

beforeAll(async () => {
  ({ t, r, officer, otherOfficer } = await twoOfficers());
});

const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(assessments))[0]!.n;

describe('POST /api/tnas/duplicates says only what the caller may read', () => {
  it("shows another officer's form only by where it was entered, and in full to whoever may open it", async () => {
    const person = { tazkira: '1402-0303-77777', name: 'Zarghona', fathername: 'Wali', phone: '+93701112233' };
    const first = (await submitMultipart(t, '/api/tnas', officer.token, formData(r, person), priorities(r, 1))).json()
      .success;
    const check = async (token: string) => {
      const res = await t.request('POST', '/api/tnas/duplicates', { token, body: { tazkira: person.tazkira } });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // The other officer cannot open the form (404), so learns only that it exists and where to ask.
    expect((await t.request('GET', `/api/tnas/bystaffid/${first.id}`, { token: otherOfficer.token })).statusCode).toBe(
      404,
    );
    const theirs = await check(otherOfficer.token);
    expect(theirs).toEqual([
      {
        restricted: true,
        hospital_id: r.hospitalId,
        hospital_name: 'Test District Hospital',
        temp_province: expect.objectContaining({ id: r.provinceId, name: 'Kabul' }),
        temp_district: expect.objectContaining({ id: r.districtId }),
      },
    ]);
    const said = JSON.stringify(theirs);
    for (const secret of ['Zarghona', 'Wali', '+93701112233', '1402-0303-77777', 'NEW']) {
      expect(said).not.toContain(secret);
    }
    // The officer who entered it, and an admin, see the row as before.
    for (const token of [officer.token, t.adminToken]) {
      expect(await check(token)).toEqual([
        expect.objectContaining({ id: first.id, name: 'Zarghona', fathername: 'Wali', phone: '+93701112233' }),
      ]);
    }
    // Once rejected, data-entry officers may open it (to correct it), so it shows in full.
    const validator = await t.userWithRole('validator');
    await t.request('POST', '/api/tnas/changestatus', {
      token: validator.token,
      body: { staff_id: first.id, status: 'REJECTED', remarks: 'Check the phone' },
    });
    expect(await check(otherOfficer.token)).toEqual([expect.objectContaining({ id: first.id, name: 'Zarghona' })]);
  });
});

describe('Idempotency-Key', () => {
  it('answers 422 and saves nothing when a key is reused with a different form', async () => {
    const headers = { 'idempotency-key': 'privacy-key-1' };
    const first = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    expect(first.statusCode).toBe(200);
    const before = await count();
    const changed = await submitMultipart(
      t,
      '/api/tnas',
      officer.token,
      formData(r, { name: 'Someone Else' }),
      priorities(r),
      headers,
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'VALIDATION',
      error_keys: { _form: [`validation.idempotencyKeyReused|{"id":${first.json().success.id}}`] },
    });
    expect(changed.json().errors._form[0]).toContain(`number ${first.json().success.id}`);
    // Other priorities under the same key are a different form too.
    const otherLines = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r, 1), headers);
    expect(otherLines.statusCode).toBe(422);
    // The same form again is a retry: the first result, nothing new.
    const retry = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().success.id).toBe(first.json().success.id);
    expect(await count()).toBe(before);
  });

  it('compares with the form as first sent, not as edited since', async () => {
    const headers = { 'idempotency-key': 'privacy-key-2' };
    const first = (await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers)).json()
      .success;
    const edit = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      formData(r, { id: first.id, version: first.version, name: 'Edited' }),
      priorities(r),
    );
    expect(edit.statusCode).toBe(200);
    const retry = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().success.id).toBe(first.id);
  });
});
