import type { Role } from '@tna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// Issue 13: users scoped to provinces. Three forms in Kabul, two in Kandahar, all NEW.
let t: TestContext;
let r: FormRefs;
let kandahar: { provinceId: number; districtId: number; hospitalId: number };
const kabulForms: number[] = [];
const kandaharForms: number[] = [];

/** A user of a role working in the given provinces, signed in. */
async function scopedUser(role: Role, provinces: number[]) {
  const email = `${role.replace('_', '.')}.${Math.random().toString(36).slice(2, 8)}@tna.test`;
  const password = 'password-scope-1';
  const res = await t.request('POST', '/api/users/register', {
    token: t.adminToken,
    body: { name: `Scoped ${role}`, email, password, c_password: password, role, provinces },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().success.id as number, email, token: await t.login(email, password) };
}

const kandaharForm = (over: Record<string, unknown> = {}) =>
  formData(r, {
    temp_province_id: kandahar.provinceId,
    temp_district_id: kandahar.districtId,
    hospital: kandahar.hospitalId,
    ...over,
  });

const newList = (token: string, query = '') =>
  t.request('GET', `/api/tnas/bystatus/NEW${query}`, { token }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; data: { id: number; temp_province: { id: number } }[] };
  });

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  const provinces = (await t.request('GET', '/api/provinces', { token: t.adminToken })).json().data;
  const k = provinces.find((p: { name: string }) => p.name === 'Kandahar');
  const districts = (await t.request('GET', `/api/provinces/districts/${k.id}`, { token: t.adminToken })).json().data;
  const facility = await t.request('POST', '/api/hospitals', {
    token: t.adminToken,
    body: {
      name: 'Mirwais Regional Hospital',
      type: 'RH',
      province_id: k.id,
      district_id: districts[0].id,
      is_her_hf: false,
      status: 'Existing',
    },
  });
  kandahar = { provinceId: k.id, districtId: districts[0].id, hospitalId: facility.json().success.id };
  for (let i = 0; i < 3; i++) {
    const res = await submitMultipart(t, '/api/tnas', t.adminToken, formData(r, { name: `Kabul ${i}` }), priorities(r));
    expect(res.statusCode, res.body).toBe(200);
    kabulForms.push(res.json().success.id);
  }
  for (let i = 0; i < 2; i++) {
    const res = await submitMultipart(
      t,
      '/api/tnas',
      t.adminToken,
      kandaharForm({ name: `Kandahar ${i}` }),
      priorities(r),
    );
    expect(res.statusCode, res.body).toBe(200);
    kandaharForms.push(res.json().success.id);
  }
  // A new app and seven writes: on a busy 2-core machine this takes longer than the default minute.
}, 180_000);

describe('province scope: users', () => {
  it('keeps a user’s provinces, returns them in the user list and the details, and keeps them on an edit that leaves them out', async () => {
    const v = await scopedUser('validator', [kandahar.provinceId]);
    const details = await t.request('GET', '/api/details', { token: v.token });
    expect(details.json().success.provinces).toEqual([kandahar.provinceId]);
    const edit = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: { id: v.id, name: 'Renamed', email: v.email, role: 'validator' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const listed = (await t.request('GET', '/api/users', { token: t.adminToken })).json().data;
    expect(listed.find((u: { id: number }) => u.id === v.id)).toMatchObject({
      name: 'Renamed',
      provinces: [kandahar.provinceId],
    });
  });

  it('answers 422 on provinces for an id that is not a province', async () => {
    const res = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: {
        name: 'Nobody',
        email: 'nobody.scope@tna.test',
        password: 'password-1',
        c_password: 'password-1',
        role: 'validator',
        provinces: [r.districtId],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ provinces: ['Choose one of the listed values'] });
  });
});

describe('province scope: a validator of Kandahar', () => {
  let token: string;
  beforeAll(async () => {
    token = (await scopedUser('validator', [kandahar.provinceId])).token;
  });

  it('answers 404 for a Kabul form: details, priorities, history and a status change', async () => {
    const id = kabulForms[0]!;
    for (const url of [
      `/api/tnas/bystaffid/${id}`,
      `/api/tnas/priorities/bystaffid/${id}`,
      `/api/tnas/histories/bystaffid/${id}`,
    ]) {
      expect((await t.request('GET', url, { token })).statusCode, url).toBe(404);
    }
    const move = await t.request('POST', '/api/tnas/changestatus', {
      token,
      body: { staff_id: id, status: 'APPROVED', remarks: 'looks fine' },
    });
    expect(move.statusCode).toBe(404);
    expect((await t.request('GET', `/api/tnas/bystaffid/${kandaharForms[0]}`, { token })).statusCode).toBe(200);
  });

  it('lists only Kandahar’s forms, whatever the sort, and an empty page when searching Kabul', async () => {
    for (const query of ['', '?sort=name', '?sort=province', '?sort=health_facility&direction=desc']) {
      const page = await newList(token, query);
      expect(page.total, query).toBe(2);
      expect(page.data.map((row) => row.id).sort(), query).toEqual([...kandaharForms].sort());
    }
    const search = await t.request('POST', '/api/tnas/search', {
      token,
      body: { status: 'NEW', province: r.provinceId },
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().data).toMatchObject({ total: 0, data: [] });
    expect((await newList(token, `?province=${kandahar.provinceId}`)).total).toBe(2);
  });

  it('gets only Kandahar’s forms from all/bystatus', async () => {
    const res = await t.request('GET', '/api/tnas/all/bystatus/NEW', { token });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([...kandaharForms].sort());
  });

  it('counts only Kandahar in the dashboard figures, the core stats and the analytics', async () => {
    const status = (await t.request('GET', '/api/tnas/status/figures', { token })).json().data;
    expect(status.find((s: { status: string }) => s.status === 'NEW').total).toBe(2);
    const byProvince = (await t.request('GET', '/api/tnas/byprovince/figures', { token })).json().data;
    expect(byProvince).toEqual([expect.objectContaining({ id: kandahar.provinceId, number: 2 })]);
    const byDepartment = (await t.request('GET', '/api/tnas/bydepartment/figures', { token })).json().data;
    expect(byDepartment.reduce((n: number, d: { number: number }) => n + d.number, 0)).toBe(2);
    const core = (await t.request('GET', '/api/stats/core', { token })).json().data;
    expect(core).toMatchObject({ assessments: 2, awaiting_review: 2, provinces_covered: 1, facilities_covered: 1 });
    const analytics = (await t.request('GET', '/api/analytics/summary', { token })).json().data;
    expect(analytics.province).toEqual([{ key: String(kandahar.provinceId), number: 2 }]);
    // The admin still sees the whole country.
    const all = (await t.request('GET', '/api/stats/core', { token: t.adminToken })).json().data;
    expect(all.assessments).toBe(5);
  });
});

describe('province scope: data entry of Kandahar', () => {
  it('answers 422 on the job province for a Kabul form, on submit and on correction', async () => {
    const officer = await scopedUser('dataentry', [kandahar.provinceId]);
    const kabul = await submitMultipart(t, '/api/tnas', officer.token, formData(r), priorities(r));
    expect(kabul.statusCode).toBe(422);
    expect(kabul.json().errors).toEqual({
      temp_province_id: ['You can only enter forms of the provinces you work in'],
    });
    const own = await submitMultipart(t, '/api/tnas', officer.token, kandaharForm({ name: 'Own' }), priorities(r));
    expect(own.statusCode, own.body).toBe(200);
    const { id, version } = own.json().success;
    const moved = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      { ...formData(r), id, version },
      priorities(r),
    );
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(['temp_province_id']);
    kandaharForms.push(id);
  });
});

describe('province scope: changes and caches', () => {
  it('applies a change of provinces on the next request, without signing the user out', async () => {
    const v = await scopedUser('validator', [kandahar.provinceId]);
    expect((await newList(v.token)).total).toBe(kandaharForms.length);
    const edit = await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: { id: v.id, name: 'Moved', email: v.email, role: 'validator', provinces: [r.provinceId] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const page = await newList(v.token);
    expect(page.total).toBe(3);
    expect(page.data.every((row) => row.temp_province.id === r.provinceId)).toBe(true);
    expect((await t.request('GET', `/api/tnas/bystaffid/${kabulForms[0]}`, { token: v.token })).statusCode).toBe(200);
    // An empty list means every province.
    await t.request('POST', '/api/users/register', {
      token: t.adminToken,
      body: { id: v.id, name: 'Moved', email: v.email, role: 'validator', provinces: [] },
    });
    expect((await newList(v.token)).total).toBe(3 + kandaharForms.length);
  });

  it('never answers one province’s cached page or figures to a reader of another, on either instance', async () => {
    const kabulReader = await scopedUser('validator', [r.provinceId]);
    const kandaharReader = await scopedUser('validator', [kandahar.provinceId]);
    const both = await scopedUser('validator', [r.provinceId, kandahar.provinceId]);
    const second = await t.secondInstance();
    for (const request of [t.request, second.request]) {
      for (const [reader, total] of [
        [kabulReader, 3],
        [kandaharReader, kandaharForms.length],
        [both, 3 + kandaharForms.length],
        [kabulReader, 3],
      ] as const) {
        const page = await request('GET', '/api/tnas/bystatus/NEW?per_page=2', { token: reader.token });
        expect(page.json().data.total).toBe(total);
        const core = await request('GET', '/api/stats/core', { token: reader.token });
        expect(core.json().data.awaiting_review).toBe(total);
      }
    }
  });

  it('pages a reader of several provinces through their forms alone, newest first', async () => {
    const both = await scopedUser('validator', [r.provinceId, kandahar.provinceId]);
    const ids: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.request('GET', `/api/tnas/bystatus/NEW?per_page=2&page=${page}`, { token: both.token });
      ids.push(...res.json().data.data.map((row: { id: number }) => row.id));
    }
    expect(ids).toEqual([...kabulForms, ...kandaharForms].sort((a, b) => b - a));
  });
});
