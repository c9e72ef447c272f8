import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let r: FormRefs;
const tokens: Record<string, string> = {};
const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  for (const role of ['dataentry', 'validator', 'internal_viewer', 'external_viewer'] as const) {
    tokens[role] = (await t.userWithRole(role)).token;
  }
  // 23 forms: birth years and names out of order, two facilities (one in another district).
  const other = await t.request('POST', '/api/hospitals', {
    token: t.adminToken,
    body: {
      name: 'Another Clinic',
      type: 'BHC',
      province_id: r.provinceId,
      district_id: r.otherDistrictId,
      is_her_hf: false,
      status: 'Existing',
    },
  });
  const otherId = other.json().success.id;
  for (let i = 0; i < 23; i++) {
    const over = i % 4 === 3 ? { temp_district_id: r.otherDistrictId, hospital: otherId } : {};
    const res = await submitMultipart(
      t,
      '/api/tnas',
      tokens.dataentry!,
      formData(r, {
        name: `Person ${String.fromCharCode(90 - i)}`,
        birth_year: 1960 + ((i * 7) % 40),
        phone: `+9370${String(1000000 + i * 37).padStart(7, '0')}`,
        ...over,
      }),
      priorities(r, 1),
    );
    expect(res.statusCode).toBe(200);
  }
  // Three of them approved, two rejected.
  const ids = (await t.database.db.select({ id: assessments.id }).from(assessments).orderBy(assessments.id)).map(
    (x) => x.id,
  );
  await t.database.db
    .update(assessments)
    .set({ status: 'APPROVED' })
    .where(inArray(assessments.id, ids.slice(0, 3)));
  await t.database.db
    .update(assessments)
    .set({ status: 'REJECTED' })
    .where(inArray(assessments.id, ids.slice(3, 5)));
});

describe('GET /api/tnas/bystatus/{status}', () => {
  it('answers the paged shape with current_page, last_page, per_page, to and total', async () => {
    const res = await t.request('GET', '/api/tnas/bystatus/NEW?per_page=5', { token: tokens.validator });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({
      current_page: 1,
      last_page: 4,
      per_page: 5,
      from: 1,
      to: 5,
      total: 18,
      prev_page_url: null,
    });
    expect(page.links.map((l: { label: string }) => l.label)).toEqual([
      '&laquo; Previous',
      '1',
      '2',
      '3',
      '4',
      'Next &raquo;',
    ]);
    expect(page.data[0]).toMatchObject({
      status: 'NEW',
      hospital_name: expect.any(String),
      temp_province: { name: 'Kabul' },
      temp_district: { name: expect.any(String) },
    });
  });

  it('sorts across all pages (numbers as numbers), and the page links keep the sort', async () => {
    const years: number[] = [];
    let url: string | null = '/api/tnas/bystatus/NEW?per_page=5&sort=birth_year&direction=desc';
    while (url) {
      const page: { data: { birth_year: number }[]; next_page_url: string | null } = (
        await t.request('GET', path(url), { token: tokens.validator })
      ).json().data;
      years.push(...page.data.map((x: { birth_year: number }) => x.birth_year));
      url = page.next_page_url;
      if (url) expect(url).toContain('sort=birth_year');
    }
    expect(years).toHaveLength(18);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const names = (await t.request('GET', '/api/tnas/bystatus/NEW?per_page=100&sort=name', { token: tokens.validator }))
      .json()
      .data.data.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort());
  });

  it('filters by province, district and facility', async () => {
    const all = (
      await t.request('GET', `/api/tnas/bystatus/NEW?per_page=100&province=${r.provinceId}`, {
        token: tokens.validator,
      })
    ).json().data;
    const district = (
      await t.request(
        'GET',
        `/api/tnas/bystatus/NEW?per_page=100&province=${r.provinceId}&district=${r.otherDistrictId}`,
        { token: tokens.validator },
      )
    ).json().data;
    const facility = (
      await t.request('GET', `/api/tnas/bystatus/NEW?per_page=100&health_facility=${r.hospitalId}`, {
        token: tokens.validator,
      })
    ).json().data;
    expect(all.total).toBe(18);
    expect(district.total + facility.total).toBe(18);
    expect(district.total).toBeGreaterThan(0);
    expect(facility.data.every((x: { hospital_id: number }) => x.hospital_id === r.hospitalId)).toBe(true);
  });

  it.each([
    ['NEW', ['admin', 'validator'], ['dataentry', 'internal_viewer', 'external_viewer']],
    ['APPROVED', ['admin', 'validator', 'internal_viewer'], ['dataentry', 'external_viewer']],
    ['REJECTED', ['admin', 'dataentry'], ['validator', 'internal_viewer', 'external_viewer']],
    ['ARCHIVED', ['admin', 'validator'], ['dataentry', 'internal_viewer', 'external_viewer']],
  ])('the %s list is for %j only', async (status, allowed, refused) => {
    const token = (role: string) => (role === 'admin' ? t.adminToken : tokens[role]!);
    for (const role of allowed)
      expect((await t.request('GET', `/api/tnas/bystatus/${status}`, { token: token(role) })).statusCode, role).toBe(
        200,
      );
    for (const role of refused)
      expect((await t.request('GET', `/api/tnas/bystatus/${status}`, { token: token(role) })).statusCode, role).toBe(
        403,
      );
    expect((await t.request('GET', `/api/tnas/bystatus/${status}`)).statusCode).toBe(401);
  });

  it('answers 422 for an unknown status or sort column', async () => {
    expect((await t.request('GET', '/api/tnas/bystatus/DELETED', { token: t.adminToken })).statusCode).toBe(422);
    expect((await t.request('GET', '/api/tnas/bystatus/NEW?sort=tazkira', { token: t.adminToken })).statusCode).toBe(
      422,
    );
  });
});

describe('POST /api/tnas/search', () => {
  it('requires the province, and searches by district and facility', async () => {
    const missing = await t.request('POST', '/api/tnas/search', { token: tokens.validator, body: { status: 'NEW' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.province).toEqual(['This field is required']);
    const res = await t.request('POST', '/api/tnas/search?per_page=2&sort=phone', {
      token: tokens.validator,
      body: { province: r.provinceId, district: r.otherDistrictId, health_facility: '', status: 'NEW' },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBeGreaterThan(2);
    // Its page links are GET addresses that keep the search and the sort.
    expect(page.next_page_url).toMatch(/\/api\/tnas\/bystatus\/NEW\?/);
    expect(page.next_page_url).toContain(`district=${r.otherDistrictId}`);
    expect(page.next_page_url).toContain('sort=phone');
    const next = (await t.request('GET', path(page.next_page_url), { token: tokens.validator })).json().data;
    expect(next).toMatchObject({ current_page: 2, total: page.total });
    expect(next.data[0].phone >= page.data[1].phone).toBe(true);
  });

  it('is refused for a list the role may not read', async () => {
    const res = await t.request('POST', '/api/tnas/search', {
      token: tokens.dataentry,
      body: { province: r.provinceId, status: 'NEW' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('finds nothing in a province without forms', async () => {
    const herat = (await t.request('GET', '/api/provinces', { token: t.adminToken }))
      .json()
      .data.find((p: { code: string }) => p.code === 'AF32');
    const res = await t.request('POST', '/api/tnas/search', {
      token: t.adminToken,
      body: { province: herat.id, status: 'APPROVED' },
    });
    expect(res.json().data).toMatchObject({ total: 0, from: null, to: null, data: [] });
    await t.database.db.select().from(assessments).where(eq(assessments.id, 1));
  });
});
