import type { AdminUnitDto, FacilityDto } from '@tna/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

// GET /api/reference/offline: the districts and facilities a device keeps for offline use, in one
// answer. The web app seeds the same query keys with it as with the per-province answers, so it must
// hold exactly what those hold, in their order.

let t: TestContext;
let token: string;
let provinces: AdminUnitDto[];

beforeAll(async () => {
  t = await setupTestApp();
  ({ token } = await t.userWithRole('dataentry'));
  provinces = (await t.request('GET', '/api/provinces', { token })).json().data;
  // Three facilities in the first province, so that the comparison has some to compare.
  const [province] = provinces;
  const districts: AdminUnitDto[] = (
    await t.request('GET', `/api/provinces/districts/${province!.id}`, { token })
  ).json().data;
  for (const [n, name] of ['Zeta Clinic', 'Alpha Hospital', 'Mid Health Post'].entries()) {
    const res = await t.request('POST', '/api/hospitals', {
      token: t.adminToken,
      body: {
        name,
        code: null,
        type: 'CHC',
        province_id: province!.id,
        district_id: districts[n % districts.length]!.id,
        is_her_hf: false,
        latitude: null,
        longtitude: null,
        status: 'Existing',
      },
    });
    expect(res.statusCode).toBe(200);
  }
});

describe('GET /api/reference/offline', () => {
  it("holds every province's districts and facilities as the per-province answers do, in their order", async () => {
    const res = await t.request('GET', '/api/reference/offline', { token });
    expect(res.statusCode).toBe(200);
    const { districts, facilities } = res.json().data as { districts: AdminUnitDto[]; facilities: FacilityDto[] };
    let facilitiesSeen = 0;
    for (const province of provinces) {
      const own: AdminUnitDto[] = (await t.request('GET', `/api/provinces/districts/${province.id}`, { token })).json()
        .data;
      expect(districts.filter((d) => d.parent_id === province.id)).toEqual(own);
      const kept: FacilityDto[] = (
        await t.request('GET', `/api/hospitals/byprovinceid/${province.id}`, { token })
      ).json().data;
      expect(facilities.filter((f) => f.province_id === province.id)).toEqual(kept);
      facilitiesSeen += kept.length;
    }
    expect(facilitiesSeen).toBeGreaterThanOrEqual(3);
    expect(facilities).toHaveLength(facilitiesSeen);
    expect(districts.every((d) => d.type === 'district')).toBe(true);
  });

  it('is for signed-in users only', async () => {
    expect((await t.request('GET', '/api/reference/offline')).statusCode).toBe(401);
  });
});
