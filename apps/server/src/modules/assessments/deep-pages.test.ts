import { compareNames } from '@tna/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// Deep pages of a newest-first list start reading at an anchor id kept in memory; they must show
// exactly the rows a plain OFFSET would, before and after the list changes.

let t: TestContext;
const ROWS = 5000;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, ROWS);
});

async function expected(offset: number, perPage: number): Promise<number[]> {
  const res = await t.database.db.execute(
    sql`select id from assessments where status = 'NEW' order by id desc limit ${perPage} offset ${offset}`,
  );
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

async function shown(page: number, perPage: number) {
  const res = await t.request('GET', `/api/tnas/bystatus/NEW?page=${page}&per_page=${perPage}`, {
    token: t.adminToken,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total: number; data: { id: number }[] };
}

describe('deep pages', () => {
  it('show the same rows as an OFFSET would, at every depth, before and after a change', async () => {
    const pages = [1, 133, 134, 135, 200, 266, 267, 333, 334];
    for (const page of pages) {
      const data = await shown(page, 15);
      expect(data.total).toBe(ROWS);
      expect(data.data.map((row) => row.id)).toEqual(await expected((page - 1) * 15, 15));
    }
    // Take rows out near the top: every deep page shifts by as many.
    const top = await expected(0, 3);
    for (const id of top) {
      const moved = await t.request('POST', '/api/tnas/changestatus', {
        token: t.adminToken,
        body: { staff_id: id, status: 'APPROVED', remarks: 'ok' },
      });
      expect(moved.statusCode).toBe(200);
    }
    for (const page of pages) {
      const data = await shown(page, 15);
      expect(data.total).toBe(ROWS - 3);
      expect(data.data.map((row) => row.id)).toEqual(await expected((page - 1) * 15, 15));
    }
    // Another page size, and past the end.
    expect((await shown(51, 97)).data.map((row) => row.id)).toEqual(await expected(50 * 97, 97));
    expect((await shown(1000, 15)).data).toEqual([]);
  });

  it('sorted by any column, shows the rows an ORDER BY column, id would, ties included', async () => {
    // Give the copies different values in a few columns, with many ties left.
    await t.database.db.execute(
      sql`update assessments set birth_year = 1960 + id % 7, name = 'Name ' || (id % 13), phone = '+9370' || (id % 11)`,
    );
    const orderOf: Record<string, string> = {
      name: 'tna_sort_key(name) collate "C"',
      fathername: 'tna_sort_key(fathername) collate "C"',
      birth_year: 'birth_year',
      implementing_organization: 'tna_sort_key(implementing_organization) collate "C"',
      phone: 'phone',
      created_at: 'created_at',
    };
    for (const [sort, expression] of Object.entries(orderOf)) {
      for (const direction of ['asc', 'desc']) {
        // The last page first: the list has no anchors yet (the update above dropped them), so it is
        // read from the nearer end, the other way round; the later deep pages start at anchors.
        for (const page of [334, 1, 4, 150, 300]) {
          const res = await t.request(
            'GET',
            `/api/tnas/bystatus/NEW?page=${page}&per_page=15&sort=${sort}&direction=${direction}`,
            { token: t.adminToken },
          );
          const want = await t.database.db.execute(
            sql.raw(`select id from assessments where status = 'NEW'
              order by ${expression} ${direction}, id ${direction} limit 15 offset ${(page - 1) * 15}`),
          );
          expect(
            res.json().data.data.map((row: { id: number }) => row.id),
            `${sort} ${direction} page ${page}`,
          ).toEqual((want as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
        }
      }
    }
  });
});

describe('lists sorted by the name of their province, district or facility', () => {
  interface Place {
    id: number;
    name_en: string;
    name_fa: string | null;
    name_ps: string | null;
  }
  let places: Map<number, Place>;
  let facilities: Map<number, string>;

  const rowsOf = async (query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    // Ten provinces (Parwan and Takhar among them) with a district each and two facilities a district,
    // one of them holding most forms, so that some pages start deep inside one facility.
    const provinces = await rowsOf(`select p.id as province, min(d.id) as district from admin_units p
      join admin_units d on d.parent_id = p.id
      where p.type = 'province' and (p.name_en in ('Parwan', 'Takhar') or p.code <= 'AF12')
      group by p.id order by p.name_en in ('Parwan', 'Takhar') desc, p.id limit 10`);
    expect(provinces.length).toBe(10);
    const names = ['alpha clinic', 'Beta Clinic', 'Zeta clinic', 'beta clinic', 'Gamma', 'delta'];
    let k = 0;
    for (const p of provinces) {
      for (const suffix of ['', ' B']) {
        await t.database.db.execute(
          sql`insert into health_facilities (name, type, province_id, district_id)
              values (${`${names[k++ % names.length]}${suffix}`}, 'CHC', ${p.province}, ${p.district})`,
        );
      }
    }
    await t.database.db.execute(sql`with f as (
        select id, province_id, district_id, row_number() over (order by id) - 1 as k, count(*) over () as n
        from health_facilities where type = 'CHC' and created_at > now() - interval '1 hour')
      update assessments a set hospital_id = f.id, job_province_id = f.province_id, job_district_id = f.district_id
      from f where f.k = case when a.id % 10 < 6 then 0 else 1 + a.id % (f.n - 1) end`);
    places = new Map(
      (await rowsOf('select id, name_en, name_fa, name_ps from admin_units')).map((u) => [
        Number(u.id),
        u as unknown as Place,
      ]),
    );
    facilities = new Map(
      (await rowsOf('select id, name from health_facilities')).map((f) => [Number(f.id), String(f.name)]),
    );
  });

  /** The whole list sorted in memory: by the name's sort key in the language, then the place's id, then id. */
  async function fullSort(sort: string, direction: string, lang: 'en' | 'fa' | 'ps', where = '') {
    const rows = await rowsOf(
      `select id, job_province_id, job_district_id, hospital_id from assessments where status = 'NEW' ${where}`,
    );
    const column = { province: 'job_province_id', district: 'job_district_id', health_facility: 'hospital_id' }[sort]!;
    const nameOf = (id: number) => {
      if (sort === 'health_facility') return facilities.get(id)!;
      const u = places.get(id)!;
      return (lang === 'fa' ? u.name_fa : lang === 'ps' ? (u.name_ps ?? u.name_fa) : null) ?? u.name_en;
    };
    const sign = direction === 'desc' ? -1 : 1;
    const keyed = rows.map((r) => ({ id: Number(r.id), group: Number(r[column]) }));
    keyed.sort((a, b) => sign * (compareNames(nameOf(a.group), nameOf(b.group)) || a.group - b.group || a.id - b.id));
    return keyed.map((r) => r.id);
  }

  async function check(query: string, want: number[], perPage = 15, token = t.adminToken) {
    const pages = [
      1,
      2,
      40,
      133,
      150,
      200,
      201,
      Math.ceil(want.length / perPage),
      Math.ceil(want.length / perPage) + 1,
    ];
    for (const page of pages) {
      const res = await t.request('GET', `/api/tnas/bystatus/NEW?${query}&page=${page}&per_page=${perPage}`, {
        token,
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.total, `${query} total`).toBe(want.length);
      expect(
        data.data.map((row: { id: number }) => row.id),
        `${query} page ${page}`,
      ).toEqual(want.slice((page - 1) * perPage, page * perPage));
    }
  }

  it('shows every page as a sort of the whole list would, in each language and direction', async () => {
    for (const sort of ['province', 'district', 'health_facility']) {
      for (const direction of ['asc', 'desc']) {
        for (const lang of ['en', 'fa', 'ps'] as const) {
          await check(`sort=${sort}&direction=${direction}&lang=${lang}`, await fullSort(sort, direction, lang));
        }
      }
    }
  });

  it('sorts Dari names in the Persian alphabet (پ before ت), not in Unicode order', async () => {
    // The provinces in the order the list shows them, page by page.
    const order: string[] = [];
    for (let page = 1, last = 1; page <= last; page++) {
      const res = await t.request('GET', `/api/tnas/bystatus/NEW?sort=province&lang=fa&per_page=100&page=${page}`, {
        token: t.adminToken,
      });
      const data = res.json().data;
      last = data.last_page;
      for (const row of data.data as { temp_province: Place }[]) {
        if (order.at(-1) !== row.temp_province.name_en) order.push(row.temp_province.name_en);
      }
    }
    expect(new Set(order).size).toBe(order.length);
    const parwan = order.indexOf('Parwan');
    const takhar = order.indexOf('Takhar');
    expect(parwan).toBeGreaterThanOrEqual(0);
    expect(takhar).toBeGreaterThan(parwan);
  });

  it('keeps to a search, and follows the list as forms leave it', async () => {
    const [big] = await rowsOf(
      `select job_province_id as p, job_district_id as d from assessments where status = 'NEW'
       group by 1, 2 order by count(*) desc limit 1`,
    );
    const inProvince = `and job_province_id = ${big!.p}`;
    await check(
      `province=${big!.p}&sort=health_facility&direction=asc`,
      await fullSort('health_facility', 'asc', 'en', inProvince),
    );
    await check(
      `province=${big!.p}&district=${big!.d}&sort=province&direction=desc&lang=fa`,
      await fullSort('province', 'desc', 'fa', `${inProvince} and job_district_id = ${big!.d}`),
    );
    // Sorted by the form's own columns within the province: as ORDER BY column, id would.
    for (const [sort, expression] of [
      ['name', 'tna_sort_key(name) collate "C"'],
      ['birth_year', 'birth_year'],
      ['phone', 'phone'],
    ]) {
      for (const direction of ['asc', 'desc']) {
        const ids = await rowsOf(`select id from assessments where status = 'NEW' ${inProvince}
          order by ${expression} ${direction}, id ${direction}`);
        await check(
          `province=${big!.p}&sort=${sort}&direction=${direction}`,
          ids.map((r) => Number(r.id)),
        );
      }
    }
    // Forms approved out of the list: every page after them moves up.
    const ids = (await fullSort('district', 'asc', 'en')).slice(100, 104);
    for (const id of ids) {
      const moved = await t.request('POST', '/api/tnas/changestatus', {
        token: t.adminToken,
        body: { staff_id: id, status: 'APPROVED', remarks: 'ok' },
      });
      expect(moved.statusCode).toBe(200);
    }
    await check('sort=district&direction=asc&lang=en', await fullSort('district', 'asc', 'en'));
    await check('sort=district&direction=desc&lang=ps', await fullSort('district', 'desc', 'ps'));
  });

  it("shows a validator of three provinces their forms' pages as ORDER BY would, deep pages included", async () => {
    // The province with most forms and two others: over 2,000 rows, so deep pages start at anchors.
    const scope = (
      await rowsOf(`select job_province_id as p from assessments where status = 'NEW'
        group by 1 order by count(*) desc limit 3`)
    ).map((r) => Number(r.p));
    const password = 'password-deep-1';
    const email = 'three.provinces@tna.test';
    const created = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: { name: 'Three provinces', email, password, c_password: password, role: 'validator', provinces: scope },
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = await t.login(email, password);
    const inScope = `and job_province_id in (${scope.join(', ')})`;
    const newest = await rowsOf(`select id from assessments where status = 'NEW' ${inScope} order by id desc`);
    expect(newest.length).toBeGreaterThan(2_000);
    await check(
      'x=1',
      newest.map((r) => Number(r.id)),
      15,
      token,
    );
    const byName = await rowsOf(`select id from assessments where status = 'NEW' ${inScope}
      order by tna_sort_key(name) collate "C" desc, id desc`);
    await check(
      'sort=name&direction=desc',
      byName.map((r) => Number(r.id)),
      15,
      token,
    );
  });
});
