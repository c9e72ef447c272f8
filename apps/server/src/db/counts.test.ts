import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formData, formRefs, priorities, submitMultipart } from '../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});

async function counted(): Promise<Record<string, number>> {
  const res = await t.database.db.execute(
    sql`select status, sum(n)::int as n from assessment_tallies where province_id = 0 and district_id = 0 and hospital_id = 0 and department_id = 0 group by status`,
  );
  return Object.fromEntries(
    (res as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
  );
}

async function actual(): Promise<Record<string, number>> {
  const res = await t.database.db.execute(sql`select status, count(*)::int as n from assessments group by status`);
  return Object.fromEntries(
    (res as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
  );
}

/** Rows of assessment_blocks (migration 0026) that differ from a count of the forms per status and block. */
async function blockMismatches(): Promise<unknown[]> {
  const res = await t.database.db.execute(sql`
    with expected as (
      select a.status, p.province_id, a.id >> 10 as block, count(*)::int as n
      from assessments a, lateral (values (0), (a.job_province_id)) p(province_id)
      group by 1, 2, 3
    )
    select * from expected e full join (select * from assessment_blocks where n <> 0) b
      using (status, province_id, block)
    where e.n is distinct from b.n`);
  return (res as unknown as { rows: unknown[] }).rows;
}

describe('the counts the database keeps', () => {
  it('follow every insert, move, edit of place and delete, and a rolled-back change leaves them alone', async () => {
    const r = await formRefs(t);
    const entry = await t.userWithRole('dataentry');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await submitMultipart(t, '/api/tnas', entry.token, formData(r), priorities(r, 1))).json().success.id);
    expect(await counted()).toEqual({ NEW: 4 });
    await t.request('POST', '/api/tnas/changestatus', {
      token: t.adminToken,
      body: { staff_id: ids[0], status: 'APPROVED', remarks: 'ok' },
    });
    await t.request('POST', '/api/tnas/changestatus', {
      token: entry.token,
      body: { staff_id: ids[1], status: 'ARCHIVED', remarks: 'Duplicate: x' },
    });
    expect(await counted()).toEqual(await actual());
    expect(await blockMismatches()).toEqual([]);
    await t.database.db.execute(sql`delete from assessments where id = ${ids[2]}`);
    expect(await counted()).toEqual(await actual());
    expect(await blockMismatches()).toEqual([]);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update assessments set status = 'REJECTED' where id = ${ids[3]}`);
        tx.rollback();
      })
      .catch(() => {});
    expect(await counted()).toEqual({ NEW: 1, APPROVED: 1, ARCHIVED: 1 });
    expect(await blockMismatches()).toEqual([]);
    const byPlace = await t.database.db.execute(
      sql`select count(*)::int as n from assessment_tallies where n > 0 and province_id = 0 and hospital_id = ${r.hospitalId}`,
    );
    expect((byPlace as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
  });

  it('hold, for every filter shape the lists ask for, the count of the assessments it matches', async () => {
    const r = await formRefs(t);
    const entry = await t.userWithRole('dataentry');
    for (let i = 0; i < 3; i++) await submitMultipart(t, '/api/tnas', entry.token, formData(r), priorities(r, 1));
    // A bulk move in one statement: the statement trigger sums its rows.
    await t.database.db.execute(sql`update assessments set status = 'REJECTED' where status = 'NEW'`);
    const mismatches = await t.database.db.execute(sql`
      with expected as (
        select a.status, k.province_id, k.district_id, k.hospital_id, k.department_id, count(*)::int as n
        from assessments a,
          lateral (values (0, 0, 0, 0), (a.job_province_id, 0, 0, 0), (a.job_province_id, a.job_district_id, 0, 0),
            (a.job_province_id, a.job_district_id, a.hospital_id, 0), (0, 0, a.hospital_id, 0),
            (0, 0, 0, a.department_id)) k(province_id, district_id, hospital_id, department_id)
        group by 1, 2, 3, 4, 5
      )
      select * from expected e full join (select * from assessment_tallies where n <> 0) t
        using (status, province_id, district_id, hospital_id, department_id)
      where e.n is distinct from t.n`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(await blockMismatches()).toEqual([]);
    // A form moved to another province leaves its old province's block for the new one's.
    await t.database.db.execute(sql`update assessments set job_province_id = (
        select min(id) from admin_units where parent_id is null and id <> ${r.provinceId}
      ) where id = (select max(id) from assessments)`);
    expect(await blockMismatches()).toEqual([]);
    const total = await t.request('GET', `/api/tnas/bystatus/REJECTED?province=${r.provinceId}`, {
      token: t.adminToken,
    });
    const counted = await t.database.db.execute(
      sql`select count(*)::int as n from assessments where status = 'REJECTED' and job_province_id = ${r.provinceId}`,
    );
    expect(total.json().data.total).toBe((counted as unknown as { rows: { n: number }[] }).rows[0]!.n);
    // Shapes the tallies do not keep are counted on the list index; a facility outside the province
    // asked for matches nothing.
    const byDistrict = await t.request('GET', `/api/tnas/bystatus/REJECTED?district=${r.districtId}`, {
      token: t.adminToken,
    });
    expect(byDistrict.json().data.total).toBe(byDistrict.json().data.data.length);
    expect(byDistrict.json().data.total).toBeGreaterThan(0);
    const provinces = (await t.request('GET', '/api/provinces', { token: t.adminToken })).json().data;
    const other = provinces.find((p: { id: number }) => p.id !== r.provinceId).id;
    const elsewhere = await t.request(
      'GET',
      `/api/tnas/bystatus/REJECTED?province=${other}&health_facility=${r.hospitalId}`,
      { token: t.adminToken },
    );
    expect(elsewhere.json().data).toMatchObject({ total: 0, data: [] });
  });
});
