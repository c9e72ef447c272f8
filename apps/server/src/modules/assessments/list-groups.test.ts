import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { type HeldAround, type ReadTiming, writesWhileReading } from '../../test/writes-while-reading.js';
import type { ListFilter } from './assessment-filters.repository.js';
import { groupCounts } from './group-counts.repository.js';
import { type GroupSort, ListGroups } from './list-groups.js';

// Kept group counts (how many forms of a list each province, district or facility holds, for pages
// sorted by their names) follow writes through migration 0027's row notices: after any mix of new
// forms, deletions, status moves and moves between places and facilities, in one transaction or many,
// while the counts are being read or after, every kept count is what PostgreSQL counts. A wrong count
// is a page sorted by place name that shows the wrong forms.

let t: TestContext;
let places: { province: number; district: number }[];
let facilities: number[];
let columns: string[];

const rowsOf = async <R>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 300);
  const found = await rowsOf<{ province: number; district: number }>(sql`select p.id as province, min(d.id) as district
    from admin_units p join admin_units d on d.parent_id = p.id where p.type = 'province'
    group by p.id order by p.code limit 3`);
  places = found.map((p) => ({ province: Number(p.province), district: Number(p.district) }));
  // Four facilities: the one the seeded forms are at, and three more like it.
  await t.database.db.execute(sql`insert into health_facilities (name, type, province_id, district_id)
    select name || ' ' || n, type, province_id, district_id from health_facilities, generate_series(2, 4) n
    where id = (select min(id) from health_facilities)`);
  const hf = await rowsOf<{ id: number }>(sql`select id from health_facilities order by id limit 4`);
  facilities = hf.map((f) => Number(f.id));
  const named = await rowsOf<{ column_name: string }>(sql`select column_name from information_schema.columns
    where table_name = 'assessments' and column_name <> 'id' and is_generated = 'NEVER'`);
  columns = named.map((c) => c.column_name);
  // Forms in three places and four facilities, a few already approved.
  await t.database.db.execute(sql`update assessments set
    job_province_id = (array[${sql.join(
      places.map((p) => sql`${p.province}::int`),
      sql`, `,
    )}])[1 + id % 3],
    job_district_id = (array[${sql.join(
      places.map((p) => sql`${p.district}::int`),
      sql`, `,
    )}])[1 + id % 3],
    hospital_id = (array[${sql.join(
      facilities.map((f) => sql`${f}::int`),
      sql`, `,
    )}])[1 + id % 4],
    status = case when id % 7 = 0 then 'APPROVED' else status end`);
  // On PostgreSQL the notices of these changes arrive on a connection of their own, later: until they
  // are heard, they would drop the first counts kept below.
  await heardAll();
});

interface Case {
  filter: ListFilter;
  sort: GroupSort;
}

const cases = (): Case[] => [
  { filter: { status: 'NEW' }, sort: 'province' },
  { filter: { status: 'NEW' }, sort: 'district' },
  { filter: { status: 'NEW' }, sort: 'health_facility' },
  { filter: { status: 'NEW', province: places[0]!.province }, sort: 'health_facility' },
  { filter: { status: 'NEW', provinces: [places[0]!.province, places[1]!.province] }, sort: 'province' },
  { filter: { status: 'APPROVED' }, sort: 'district' },
];

const keyOf = (c: Case) => JSON.stringify(c);

/** A case's group counts as PostgreSQL counts the forms themselves, by id. */
async function counted(c: Case): Promise<[number, number][]> {
  const column = { province: 'job_province_id', district: 'job_district_id', health_facility: 'hospital_id' }[c.sort];
  const f = c.filter;
  const where = [
    sql`status = ${f.status}`,
    ...(f.province ? [sql`job_province_id = ${f.province}`] : []),
    ...(f.provinces ? [sql`job_province_id = any(${`{${f.provinces.join(',')}}`}::int[])`] : []),
  ];
  const rows = await rowsOf<{ id: number; n: number }>(sql`select ${sql.identifier(column)} as id, count(*)::int as n
    from assessments where ${sql.join(where, sql` and `)} group by 1 order by 1`);
  return rows.map((r) => [Number(r.id), Number(r.n)]);
}

const sorted = (counts: readonly [number, number][]) => [...counts].sort((a, b) => a[0] - b[0]);

/** One write, as an officer, a validator or an import would make it. */
type Write =
  | { kind: 'insert'; pick: number; status: 'NEW' | 'APPROVED' }
  | { kind: 'delete'; pick: number }
  | { kind: 'status'; pick: number; to: 'NEW' | 'APPROVED' | 'REJECTED' }
  | { kind: 'move'; pick: number; to: number }
  | { kind: 'facility'; pick: number; to: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    pick: fc.nat(),
    status: fc.constantFrom('NEW' as const, 'APPROVED' as const),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    to: fc.constantFrom('NEW' as const, 'APPROVED' as const, 'REJECTED' as const),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), to: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('facility' as const), pick: fc.nat(), to: fc.nat({ max: 3 }) }),
);

async function apply(exec: (query: SQL) => Promise<unknown>, w: Write): Promise<void> {
  const picked = sql`(select id from assessments order by id offset ${w.pick % 300} limit 1)`;
  switch (w.kind) {
    case 'insert': {
      const values = sql.join(
        columns.map((c) => (c === 'status' ? sql`${w.status}` : sql.identifier(c))),
        sql`, `,
      );
      await exec(sql`insert into assessments (${sql.raw(columns.join(', '))})
        select ${values} from assessments where id = ${picked}`);
      return;
    }
    case 'delete':
      await exec(sql`delete from assessment_priorities where assessment_id = ${picked}`);
      await exec(sql`delete from assessments where id = ${picked}`);
      return;
    case 'status':
      await exec(sql`update assessments set status = ${w.to} where id = ${picked}`);
      return;
    case 'move':
      await exec(sql`update assessments set job_province_id = ${places[w.to]!.province},
        job_district_id = ${places[w.to]!.district} where id = ${picked}`);
      return;
    case 'facility':
      await exec(sql`update assessments set hospital_id = ${facilities[w.to]!} where id = ${picked}`);
  }
}

/** Until this instance has heard every change committed so far. */
async function heardAll(): Promise<void> {
  expect(await t.database.changes.afterWrite()).not.toBeNull();
}

/** Every case's counts, read through `groups`; `around` holds each read open while the writes are made. */
function readAll(groups: ListGroups, around?: HeldAround) {
  return cases().map((c) =>
    groups.counts(keyOf(c), c.filter, c.sort, async () => {
      if (around?.mode === 'writes first') await around.written;
      const found = await groupCounts(t.database.db, c.filter, c.sort);
      if (around) await around.written;
      return found;
    }),
  );
}

/** Every kept case's counts are PostgreSQL's; gives how many cases are kept. */
async function checkKept(groups: ListGroups): Promise<number> {
  let kept = 0;
  for (const c of cases()) {
    const held = groups.peek(keyOf(c));
    if (!held) continue;
    kept++;
    expect(sorted(held), keyOf(c)).toEqual(await counted(c));
  }
  return kept;
}

describe('kept group counts', () => {
  it('are what PostgreSQL counts after any writes, heard while they were read or after', async () => {
    const round = async (transactions: Write[][], mode: ReadTiming) => {
      const groups = new ListGroups(new CacheStore(8 * 1024 * 1024), t.database.changes);
      try {
        const answered = await writesWhileReading(t, mode, transactions, apply, (around) => readAll(groups, around));
        expect(answered).toHaveLength(cases().length);
        // None of these writes is one a notice cannot describe: every list keeps its counts.
        expect(await checkKept(groups), mode).toBe(cases().length);
      } finally {
        groups.close();
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        async (transactions) => {
          // Each way round: kept before the writes; read before them and kept after; read after them
          // (the snapshot saw them, yet they are heard during the read: not to be counted twice).
          for (const mode of ['after', 'read first', 'writes first'] as const) await round(transactions, mode);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('are read again after a change no row notice describes (many forms at once)', async () => {
    const groups = new ListGroups(new CacheStore(8 * 1024 * 1024), t.database.changes);
    try {
      await Promise.all(readAll(groups));
      expect(await checkKept(groups)).toBe(cases().length);
      await t.database.db.execute(sql`update assessments set status = 'APPROVED' where id in (
        select id from assessments where status = 'NEW' order by id limit 80)`);
      await heardAll();
      expect(await checkKept(groups)).toBe(0);
      // Read again, they count the change.
      await Promise.all(readAll(groups));
      expect(await checkKept(groups)).toBe(cases().length);
    } finally {
      groups.close();
    }
  });

  it('are not kept for an empty list (no snapshot to tell which changes it saw)', async () => {
    const groups = new ListGroups(new CacheStore(8 * 1024 * 1024), t.database.changes);
    try {
      const c: Case = { filter: { status: 'ARCHIVED' }, sort: 'province' };
      await t.database.db.execute(sql`update assessments set status = 'NEW' where status = 'ARCHIVED'`);
      expect(
        await groups.counts(keyOf(c), c.filter, c.sort, () => groupCounts(t.database.db, c.filter, c.sort)),
      ).toEqual([]);
      expect(groups.peek(keyOf(c))).toBeUndefined();
    } finally {
      groups.close();
    }
  });
});
