import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, healthFacilities } from '../db/schema/index.js';
import { districtOf, unitByCode, validatorInKabul } from '../test/fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

let t: TestContext;
let validatorToken: string;
let kabul: { id: number };
let kabulDistrict: { id: number };
let herat: { id: number };

beforeAll(async () => {
  ({ t, validatorToken, kabul, kabulDistrict } = await validatorInKabul());
  herat = await unitByCode(t.database.db, 'AF32');
});

const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs))[0]!.n;

const facility = (over: Record<string, unknown> = {}) => ({
  name: 'Demo Comprehensive Health Center',
  code: null,
  type: 'CHC',
  province_id: kabul.id,
  district_id: kabulDistrict.id,
  is_her_hf: false,
  latitude: '34.5553',
  longtitude: '69.2075',
  status: 'Existing',
  ...over,
});

describe('who may call the reference-data API', () => {
  const reads = [
    '/api/provinces',
    '/api/provinces/districts/1',
    '/api/hospitals',
    '/api/hospitals/bydistrictid/1',
    '/api/hospitals/byprovinceid/1',
    '/api/departments',
    '/api/positions',
    '/api/trainings',
    '/api/trainings/bydepartment/1',
  ];
  const writes: [string, string][] = [
    ['POST', '/api/provinces/districts'],
    ['DELETE', '/api/provinces/districts/1'],
    ['POST', '/api/hospitals'],
    ['DELETE', '/api/hospitals/1'],
    ['POST', '/api/departments'],
    ['DELETE', '/api/departments/1'],
    ['POST', '/api/positions'],
    ['DELETE', '/api/positions/1'],
    ['POST', '/api/trainings'],
    ['DELETE', '/api/trainings/1'],
  ];

  it('answers 401 to anonymous callers, on reads and writes', async () => {
    for (const url of reads) expect((await t.request('GET', url)).statusCode, url).toBe(401);
    for (const [m, url] of writes) expect((await t.request(m, url, { body: {} })).statusCode, url).toBe(401);
    expect((await t.request('GET', '/api/logs/user-logs')).statusCode).toBe(401);
  });

  it('lets every signed-in user read, and only admins write (403, nothing changes)', async () => {
    for (const url of reads) expect((await t.request('GET', url, { token: validatorToken })).statusCode, url).toBe(200);
    const before = await auditCount();
    for (const [m, url] of writes) {
      expect((await t.request(m, url, { token: validatorToken, body: {} })).statusCode, `${m} ${url}`).toBe(403);
    }
    expect(await auditCount()).toBe(before);
    expect((await t.request('GET', '/api/logs/user-logs', { token: validatorToken })).statusCode).toBe(403);
  });
});

describe('provinces and districts', () => {
  it("lists Afghanistan's 34 provinces with codes and names in every language held", async () => {
    const res = await t.request('GET', '/api/provinces', { token: validatorToken });
    const list = res.json().data;
    expect(list).toHaveLength(34);
    expect(list.find((p: { code: string }) => p.code === 'AF01')).toMatchObject({
      name: 'Kabul',
      name_en: 'Kabul',
      name_fa: 'کابل',
      name_ps: expect.any(String),
      type: 'province',
      parent_id: null,
    });
  });

  it("lists a province's districts", async () => {
    const list = (await t.request('GET', `/api/provinces/districts/${kabul.id}`, { token: validatorToken })).json()
      .data;
    expect(list.length).toBe(15);
    expect(list.every((d: { parent_id: number }) => d.parent_id === kabul.id)).toBe(true);
  });

  it('adds a district to a province, renames it, and refuses a duplicate name in the same province', async () => {
    const res = await t.request('POST', '/api/provinces/districts', {
      token: t.adminToken,
      body: { name: 'New Town', name_fa: 'شهرک نو', parent_id: herat.id },
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().success;
    expect(d).toMatchObject({
      name: 'New Town',
      name_fa: 'شهرک نو',
      parent_id: herat.id,
      type: 'district',
      code: null,
    });
    const dup = await t.request('POST', '/api/provinces/districts', {
      token: t.adminToken,
      body: { name: 'new town', parent_id: herat.id },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error_keys.name[0]).toMatch(/^validation\.unique/);
    const renamed = await t.request('POST', '/api/provinces/districts', {
      token: t.adminToken,
      body: { id: d.id, name: 'Newer Town', parent_id: herat.id },
    });
    expect(renamed.json().success.name).toBe('Newer Town');
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableType, 'District'), eq(auditLogs.auditableId, String(d.id))));
    expect(entries.map((e) => e.event)).toEqual(['created', 'updated']);
    // The rename did not send name_fa: the Dari name is kept (a field not sent keeps its value).
    expect(renamed.json().success.name_fa).toBe('شهرک نو');
    expect(entries[1]!.oldValues).toEqual({ name_en: 'New Town' });
    expect(entries[1]!.newValues).toEqual({ name_en: 'Newer Town' });
  });

  it.each([
    [{ name: '', parent_id: 1 }, 'name', 'This field is required'],
    [{ name: 'X' }, 'parent_id', 'This field is required'],
    [{ name: 'X', parent_id: 'abc' }, 'parent_id', 'Choose one of the listed values'],
  ])('rejects %j with 422', async (body, field, message) => {
    const res = await t.request('POST', '/api/provinces/districts', { token: t.adminToken, body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses a district whose parent is not a province', async () => {
    const res = await t.request('POST', '/api/provinces/districts', {
      token: t.adminToken,
      body: { name: 'Nested', parent_id: kabulDistrict.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.parent_id).toEqual(['The chosen item does not exist']);
  });

  it('refuses with 409 to delete a district that has facilities, saying what uses it', async () => {
    const { district } = await districtOf(t.database.db, 'AF01', 'AF0102');
    await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility({ district_id: district.id }) });
    const before = await auditCount();
    const res = await t.request('DELETE', `/api/provinces/districts/${district.id}`, { token: t.adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This district cannot be deleted: it is used by 1 health facilities.');
    expect(await auditCount()).toBe(before);
  });
});

describe('health facilities', () => {
  it('creates a facility and answers it with province and district names', async () => {
    const res = await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility({ code: 'KBL-001' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toMatchObject({
      code: 'KBL-001',
      type: 'CHC',
      province_name: 'Kabul',
      district_name: 'Kabul',
      latitude: 34.5553,
      longtitude: 69.2075,
      is_her_hf: false,
      status: 'Existing',
    });
  });

  it.each([
    [{ name: '' }, 'name', 'This field is required'],
    [{ type: '' }, 'type', 'This field is required'],
    [{ type: 'Clinic' }, 'type', 'Choose one of the listed values'],
    [{ province_id: null }, 'province_id', 'This field is required'],
    [{ district_id: '' }, 'district_id', 'This field is required'],
    [{ is_her_hf: null }, 'is_her_hf', 'This field is required'],
    [{ status: 'Open' }, 'status', 'Choose one of the listed values'],
    [{ latitude: '34,55' }, 'latitude', 'This field should match the pattern'],
    [{ latitude: '91' }, 'latitude', 'This field should equal or less than 90'],
    [{ longtitude: '-181' }, 'longtitude', 'This field should equal or greater than -180'],
    [{ longtitude: 'east' }, 'longtitude', 'This field should match the pattern'],
  ])('rejects %j with 422 on the field', async (over, field, message) => {
    const res = await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility(over) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('accepts a facility without coordinates, with the free-text types of the spec', async () => {
    for (const type of ['First Aid Trauma Post (FATP)', 'Other', 'MHT']) {
      const res = await t.request('POST', '/api/hospitals', {
        token: t.adminToken,
        body: facility({ type, latitude: '', longtitude: null }),
      });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().success).toMatchObject({ latitude: null, longtitude: null, type });
    }
  });

  it('refuses a district of another province', async () => {
    const res = await t.request('POST', '/api/hospitals', {
      token: t.adminToken,
      body: facility({ province_id: herat.id }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.district_id).toEqual(['The district does not belong to the chosen province']);
  });

  it('refuses a duplicate code', async () => {
    await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility({ code: 'DUP-1' }) });
    const res = await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility({ code: 'dup-1' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error_keys.code[0]).toMatch(/^validation\.unique/);
  });

  it('updates with id, audits only what changed, and deletes', async () => {
    const created = (await t.request('POST', '/api/hospitals', { token: t.adminToken, body: facility() })).json()
      .success;
    const updated = await t.request('POST', '/api/hospitals', {
      token: t.adminToken,
      body: facility({ id: created.id, status: 'Closed', name: 'Renamed CHC' }),
    });
    expect(updated.json().success).toMatchObject({ id: created.id, status: 'Closed', name: 'Renamed CHC' });
    expect((await t.request('DELETE', `/api/hospitals/${created.id}`, { token: t.adminToken })).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.auditableType, 'HealthFacility'), eq(auditLogs.auditableId, String(created.id))))
      .orderBy(auditLogs.id);
    expect(entries.map((e) => e.event)).toEqual(['created', 'updated', 'deleted']);
    expect(entries[1]!.oldValues).toEqual({ name: 'Demo Comprehensive Health Center', status: 'Existing' });
    expect(entries[1]!.newValues).toEqual({ name: 'Renamed CHC', status: 'Closed' });
    expect(entries[2]!.oldValues).toMatchObject({ name: 'Renamed CHC', type: 'CHC' });
    expect(entries[0]!.ipAddress).toBeTruthy();
  });

  it('lists by district and by province', async () => {
    const byDistrict = (
      await t.request('GET', `/api/hospitals/bydistrictid/${kabulDistrict.id}`, { token: validatorToken })
    ).json().data;
    expect(byDistrict.length).toBeGreaterThan(0);
    expect(byDistrict.every((f: { district_id: number }) => f.district_id === kabulDistrict.id)).toBe(true);
    const byProvince = (
      await t.request('GET', `/api/hospitals/byprovinceid/${herat.id}`, { token: validatorToken })
    ).json().data;
    expect(byProvince).toEqual([]);
  });
});

describe('GET /api/hospitals paging, sorting and filters', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await setupTestApp();
    // 37 facilities over three provinces, with names that sort differently from their codes.
    const provinces = ['AF01', 'AF06', 'AF32'];
    for (let i = 0; i < 37; i++) {
      const p = await unitByCode(own.database.db, provinces[i % 3]!);
      const { district } = await districtOf(own.database.db, p.code!, `${p.code}01`);
      await own.database.db.insert(healthFacilities).values({
        code: `C-${String(100 - i).padStart(3, '0')}`,
        name: `Facility ${String(i + 1).padStart(2, '0')}`,
        type: i % 2 ? 'BHC' : 'CHC',
        provinceId: p.id,
        districtId: district.id,
        status: i % 5 === 0 ? 'Closed' : 'Existing',
      });
    }
  });

  it('answers the paged shape of the spec, with page links that keep the query', async () => {
    const res = await own.request('GET', '/api/hospitals?per_page=10&sort=code&direction=desc', {
      token: own.adminToken,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({
      current_page: 1,
      from: 1,
      to: 10,
      total: 37,
      last_page: 4,
      per_page: 10,
      prev_page_url: null,
    });
    expect(page.next_page_url).toContain('page=2');
    expect(page.next_page_url).toContain('sort=code');
    expect(page.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
    expect(page.links.at(-1).label).toBe('Next &raquo;');
    expect(page.links.filter((l: { active: boolean }) => l.active).map((l: { label: string }) => l.label)).toEqual([
      '1',
    ]);
    expect(page.data[0].code).toBe('C-100');
  });

  it('sorts across all pages, not only the page shown', async () => {
    const codes: string[] = [];
    let url: string | null = '/api/hospitals?per_page=10&sort=code&direction=asc';
    while (url) {
      const page: { data: { code: string }[]; next_page_url: string | null } = (
        await own.request('GET', url.replace(/^https?:\/\/[^/]+/, ''), { token: own.adminToken })
      ).json().data;
      codes.push(...page.data.map((f: { code: string }) => f.code));
      url = page.next_page_url;
    }
    expect(codes).toHaveLength(37);
    expect(codes).toEqual([...codes].sort());
    const desc = (
      await own.request('GET', '/api/hospitals?per_page=50&sort=province&direction=desc', { token: own.adminToken })
    ).json().data.data;
    expect(desc[0].province_name).toBe('Nangarhar');
    expect(desc.at(-1).province_name).toBe('Hirat');
  });

  it('filters by province, type, status and a name or code search', async () => {
    const kabulId = (await unitByCode(own.database.db, 'AF01')).id;
    const q = `/api/hospitals?per_page=100&province_id=${kabulId}&type=CHC&status=Existing`;
    const rows = (await own.request('GET', q, { token: own.adminToken })).json().data.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (f: { province_id: number; type: string; status: string }) =>
          f.province_id === kabulId && f.type === 'CHC' && f.status === 'Existing',
      ),
    ).toBe(true);
    const search = (await own.request('GET', '/api/hospitals?search=facility 0', { token: own.adminToken })).json()
      .data;
    expect(search.total).toBe(9);
    const byCode = (await own.request('GET', '/api/hospitals?search=c-100', { token: own.adminToken })).json().data;
    expect(byCode.total).toBe(1);
  });

  it('answers 422 for a bad sort or page', async () => {
    expect((await own.request('GET', '/api/hospitals?sort=password', { token: own.adminToken })).statusCode).toBe(422);
    expect((await own.request('GET', '/api/hospitals?page=0', { token: own.adminToken })).statusCode).toBe(422);
  });
});
