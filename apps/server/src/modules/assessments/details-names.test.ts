import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import { ChangeFeed } from '../../db/changes.js';
import { ReferenceCache } from '../../db/reference-cache.js';
import { formData, formRefs, priorities, seedAssessments, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { findAssessmentDto } from './assessments.repository.js';

// A form's details name its places, facility, department and position from the instance's copy of
// the reference data while that copy is kept, and from joins in the database while it is not (the
// change feed is down): a client sees the same answer either way, and a renamed facility at once.

let t: TestContext;
let id: number;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 2);
  const rows = (await t.database.db.execute(sql`select max(id) as id from assessments`)) as unknown as {
    rows: { id: number }[];
  };
  id = Number(rows.rows[0]!.id);
});

/** A copy of the reference data whose change feed never listens: never kept. */
const notKept = () => new ReferenceCache(t.database.db, new CacheStore(1024 * 1024), new ChangeFeed());

describe("a form's details", () => {
  it('are the same from the kept names as from the joins', async () => {
    expect(t.app.reference.kept).toBe(true);
    const down = notKept();
    expect(down.kept).toBe(false);
    const fromMemory = await findAssessmentDto(t.database.db, t.app.reference, id);
    const joined = await findAssessmentDto(t.database.db, down, id);
    expect(fromMemory).not.toBeNull();
    expect(fromMemory!.hospital.name).toBeTruthy();
    expect(fromMemory!.temp_province.name_fa).toBeTruthy();
    expect(fromMemory!.position.title_en).toBeTruthy();
    expect(fromMemory).toEqual(joined);
    expect(await findAssessmentDto(t.database.db, t.app.reference, id + 1000)).toBeNull();
    expect(await findAssessmentDto(t.database.db, down, id + 1000)).toBeNull();
  });

  it("show a facility's new name as soon as it is renamed", async () => {
    const before = await findAssessmentDto(t.database.db, t.app.reference, id);
    await t.database.db.execute(
      sql`update health_facilities set name = name || ' (renamed)' where id = ${before!.hospital_id}`,
    );
    expect(await t.database.changes.afterWrite()).not.toBeNull();
    const after = await findAssessmentDto(t.database.db, t.app.reference, id);
    expect(after!.hospital.name).toBe(`${before!.hospital.name} (renamed)`);
    expect(after!.hospital_name).toBe(after!.hospital.name);
    expect(after).toEqual(await findAssessmentDto(t.database.db, notKept(), id));
  });
});

// A create, a correction and a status move answer with the form as they wrote it, built from the row
// the write returned (dtoOfRow) rather than read again: the answer must be what a read of it gives.
describe("a write's answer", () => {
  it('is the form as the details read it afterwards, after a create, a correction and a status move', async () => {
    const r = await formRefs(t);
    const officer = await t.userWithRole('dataentry');
    const validator = await t.userWithRole('validator');
    const details = async (formId: number) =>
      (await t.request('GET', `/api/tnas/bystaffid/${formId}`, { token: officer.token })).json().data;

    const created = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r));
    expect(created.statusCode).toBe(200);
    const form = created.json().success;
    expect(form).toMatchObject({ status: 'NEW', version: 1 });
    expect(form).toEqual(await details(form.id));

    const corrected = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      formData(r, { id: form.id, version: 1, name: 'Zahra', perminent_district_id: r.otherDistrictId }),
      priorities(r, 1),
    );
    expect(corrected.statusCode).toBe(200);
    const edit = corrected.json().success;
    expect(edit).toMatchObject({ name: 'Zahra', version: 2, perminent_district_id: r.otherDistrictId });
    expect(edit.updated_at >= form.updated_at).toBe(true);
    expect(edit).toEqual(await details(form.id));

    const move = await t.request('POST', '/api/tnas/changestatus', {
      token: validator.token,
      body: { staff_id: form.id, status: 'APPROVED', remarks: 'Checked against the paper form' },
    });
    expect(move.statusCode).toBe(200);
    const moved = move.json().success;
    expect(moved).toMatchObject({ status: 'APPROVED', version: 3 });
    expect(moved).toEqual(await details(form.id));
  });
});
