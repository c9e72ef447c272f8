import { ASSESSMENT_SORTS } from '@tna/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client.js';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import {
  anchorSearch,
  jumpedAnchors,
  listAnchors,
  type OwnSort,
  type OwnSorting,
  windowAnchors,
} from './anchor-search.repository.js';
import type { ListFilter } from './assessment-filters.repository.js';

// The anchors of a whole list or of one province are read by jumps down an index; the other lists
// number every row (see anchor-search.repository.ts). Both must find the same rows, at the same counts,
// and the same size: a wrong count is a deep page showing the wrong rows.

let t: TestContext;
let province: number;
let district: number;
let facility: number;

const rowsOf = async <R>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 1300);
  // Ties in every sorted column (pages then follow the ids), and a second province holding a third.
  await t.database.db.execute(sql`update assessments set name = 'Name ' || (id % 13), phone = '+9370' || (id % 11),
    birth_year = 1960 + id % 7, implementing_organization = 'Partner ' || (id % 5), fathername = 'Father ' || (id % 3)`);
  const [first, second] = await rowsOf<{ id: number }>(
    sql`select id from admin_units where type = 'province' order by code limit 2`,
  );
  province = Number(first!.id);
  await t.database.db.execute(sql`update assessments set job_province_id = ${Number(second!.id)} where id % 3 = 0`);
  await t.database.db.execute(sql`update assessments set status = 'APPROVED' where id % 4 = 0`);
  // The district and the facility of the province with the most forms: several anchors each.
  const [most] = await rowsOf<{ district: number; facility: number }>(sql`select job_district_id as district,
    min(hospital_id) as facility from assessments where status = 'NEW' and job_province_id = ${province}
    group by job_district_id order by count(*) desc limit 1`);
  district = Number(most!.district);
  await t.database.db.execute(sql`update assessments set job_district_id = ${district}, hospital_id = ${Number(most!.facility)}
    where job_province_id = ${province} and id % 5 <> 0`);
  facility = Number(most!.facility);
});

/** Newest first, and every sort by one of the form's own columns. */
const SORTS: (OwnSort | undefined)[] = [
  undefined,
  ...ASSESSMENT_SORTS.filter((sort): sort is OwnSort => !['province', 'district', 'health_facility'].includes(sort)),
];

describe('anchors read by jumps', () => {
  it('are the rows, counts and size that numbering every row finds, in every order', async () => {
    const filters: ListFilter[] = [
      { status: 'NEW' },
      { status: 'APPROVED', province },
      // One district, one facility: newest first only (the pages of a list sorted by place read these).
      { status: 'NEW', province, district },
      { status: 'NEW', province, health_facility: facility },
      // No row at all: no anchor, size 0.
      { status: 'ARCHIVED', province },
    ];
    let anchors = 0;
    for (const filter of filters) {
      for (const sort of SORTS) {
        for (const direction of ['asc', 'desc'] as const) {
          if (sort && (filter.district || filter.health_facility)) continue;
          const sorting = { sort, direction, lang: 'en' as const };
          const want = await windowAnchors(t.database.db, filter, sorting);
          const got = await jumpedAnchors(t.database.db, filter, sorting);
          const label = `${JSON.stringify(filter)} ${sort ?? 'newest'} ${direction}`;
          expect(got.list, label).toEqual(want.list);
          expect(got.total, label).toBe(want.total);
          anchors += got.list.length;
          if (filter.status === 'NEW') expect(got.list.length, label).toBeGreaterThan(1);
        }
      }
    }
    // The lists are long enough for several anchors each (rows 0, 250, 500...), so the jumps are tried.
    const [counted] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from assessments where status = 'NEW'`);
    expect(counted?.n).toBeGreaterThan(750);
    expect(anchors).toBeGreaterThan(SORTS.length * 2 * 4);
  });

  it('are read by jumps for the lists an index holds in order, by numbering for the rest', async () => {
    // The SQL each search sends: a jump is a recursive query. (A shape mismatch once sent every
    // sorted list to numbering while the two searches still agreed, so agreement alone proves nothing.)
    const dialect = new PgDialect();
    const sent: string[] = [];
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return (query: SQL) => {
          sent.push(dialect.sqlToQuery(query).sql);
          return target.execute(query);
        };
      },
    });
    const byName = { sort: 'name' as const, direction: 'asc' as const, lang: 'en' as const };
    const newest = { direction: 'desc' as const, lang: 'en' as const };
    const cases: [ListFilter, OwnSorting, 'jumps' | 'numbering'][] = [
      [{ status: 'NEW' }, byName, 'jumps'],
      [{ status: 'NEW', province }, byName, 'jumps'],
      [{ status: 'NEW', province }, { ...byName, sort: 'phone', direction: 'desc' }, 'jumps'],
      [{ status: 'NEW' }, newest, 'jumps'],
      [{ status: 'NEW', province, district }, newest, 'jumps'],
      [{ status: 'NEW', health_facility: facility }, newest, 'jumps'],
      // Several provinces, or a district by a column: no index has the order.
      [{ status: 'NEW', provinces: [province] }, byName, 'numbering'],
      [{ status: 'NEW', provinces: [province] }, newest, 'numbering'],
      [{ status: 'NEW', province, district }, byName, 'numbering'],
    ];
    for (const [filter, sorting, way] of cases) {
      const label = `${JSON.stringify(filter)} ${sorting.sort ?? 'newest'}`;
      expect(anchorSearch(filter, sorting), label).toBe(way);
      sent.length = 0;
      const found = await listAnchors(db as Executor, filter, sorting);
      expect(sent.length, label).toBe(1);
      expect(sent[0]!.includes('with recursive'), label).toBe(way === 'jumps');
      expect(found.list, label).toEqual((await windowAnchors(t.database.db, filter, sorting)).list);
    }
  });
});
