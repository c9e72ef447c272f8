import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import type { ChangeFeed } from '../../db/changes.js';
import { ReadCache } from '../../db/read-cache.js';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { type HeldAround, writesWhileReading } from '../../test/writes-while-reading.js';
import type { ListFilter } from './assessment-filters.repository.js';
import { anchorsKey, type ListCaches, listAnchors, pageAssessments } from './assessment-lists.repository.js';
import { type AnchorOrder, ListAnchors, parseSnapshot, sees } from './list-anchors.js';
import { ListGroups } from './list-groups.js';

// Kept anchors follow writes (migration 0027's row notices): after any mix of new forms, deletions,
// status moves and changes of name, phone or place, in one transaction or many, while the anchors are
// being read or after, every kept anchor still counts exactly the rows of its list before it, as
// PostgreSQL counts them. A deep page starts at an anchor and skips that many rows less, so a wrong
// count is a page showing the wrong rows.

let t: TestContext;
let kabul: { province: number; district: number };
let other: { province: number; district: number };
let columns: string[];

const rowsOf = async <R>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 1200);
  // Ties in every sorted column, a second province, and a few forms already approved.
  await t.database.db.execute(sql`update assessments set name = 'Name ' || (id % 13), phone = '+9370' || (id % 11),
    birth_year = 1960 + id % 7, status = case when id % 10 = 0 then 'APPROVED' else status end`);
  const places = await rowsOf<{ province: number; district: number }>(sql`select p.id as province, min(d.id) as district
    from admin_units p join admin_units d on d.parent_id = p.id where p.type = 'province'
    group by p.id order by p.code limit 2`);
  [kabul, other] = places.map((p) => ({ province: Number(p.province), district: Number(p.district) })) as [
    typeof kabul,
    typeof kabul,
  ];
  await t.database.db.execute(sql`update assessments set job_province_id = ${other.province},
    job_district_id = ${other.district} where id % 3 = 0`);
  const found = await rowsOf<{ column_name: string }>(sql`select column_name from information_schema.columns
    where table_name = 'assessments' and column_name <> 'id' and is_generated = 'NEVER'`);
  columns = found.map((c) => c.column_name);
});

interface Case {
  filter: ListFilter;
  order: AnchorOrder;
}

const cases = (): Case[] => [
  { filter: { status: 'NEW' }, order: { direction: 'desc' } },
  { filter: { status: 'NEW' }, order: { sort: 'name', direction: 'asc' } },
  { filter: { status: 'NEW' }, order: { sort: 'phone', direction: 'desc' } },
  { filter: { status: 'NEW' }, order: { sort: 'birth_year', direction: 'asc' } },
  { filter: { status: 'NEW', province: kabul.province }, order: { sort: 'name', direction: 'desc' } },
  {
    filter: { status: 'NEW', provinces: [kabul.province, other.province] },
    order: { sort: 'fathername', direction: 'asc' },
  },
  { filter: { status: 'APPROVED' }, order: { sort: 'name', direction: 'asc' } },
];

const keyOf = (c: Case) => JSON.stringify(c);

/** A case's list, as PostgreSQL selects it. */
function whereOf(c: Case): SQL {
  const f = c.filter;
  return sql.join(
    [
      sql`status = ${f.status}`,
      ...(f.province ? [sql`job_province_id = ${f.province}`] : []),
      ...(f.provinces
        ? [
            sql`job_province_id in (${sql.join(
              f.provinces.map((p) => sql`${p}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
}

async function listSize(c: Case): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from assessments where ${whereOf(c)}`);
  return Number(row!.n);
}

/** How many rows of a case's list PostgreSQL sorts before a row with this key and id. */
async function rowsBefore(c: Case, key: unknown, id: number): Promise<number> {
  const where = whereOf(c);
  const column = { name: 'name_key', fathername: 'fathername_key', birth_year: 'birth_year', phone: 'phone' }[
    c.order.sort as 'name'
  ];
  const before = !c.order.sort
    ? sql`id > ${id}`
    : sql`(${sql.identifier(column)}, id) ${sql.raw(c.order.direction === 'asc' ? '<' : '>')} (${key}, ${id})`;
  const [row] = await rowsOf<{ n: number }>(
    sql`select count(*)::int as n from assessments where ${where} and ${before}`,
  );
  return Number(row!.n);
}

/** One write, as an officer, a validator or an import would make it. */
type Write =
  | { kind: 'insert'; pick: number; name: string; phone: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'status'; pick: number; to: 'NEW' | 'APPROVED' | 'REJECTED' }
  | { kind: 'rename'; pick: number; name: string }
  | { kind: 'phone'; pick: number; phone: string }
  | { kind: 'move'; pick: number };

// Names that tie with the seeded ones, Dari letters, case and a diacritic; phones that tie, prefixes.
const NAMES = ['Name 3', 'Name 12', 'Name 1', 'مریم', 'Zahra', 'ahmad', 'Ähmad'];
const PHONES = ['+93701', '+937012', '+9370', '+93709', '+937010'];

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    pick: fc.nat(),
    name: fc.constantFrom(...NAMES),
    phone: fc.constantFrom(...PHONES),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    to: fc.constantFrom('NEW' as const, 'APPROVED' as const, 'REJECTED' as const),
  }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant('phone' as const), pick: fc.nat(), phone: fc.constantFrom(...PHONES) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat() }),
);

type Exec = (query: SQL) => Promise<unknown>;

async function apply(exec: Exec, w: Write): Promise<void> {
  const picked = sql`(select id from assessments order by id offset ${w.pick % 1000} limit 1)`;
  switch (w.kind) {
    case 'insert': {
      const list = sql.raw(columns.join(', '));
      const values = sql.join(
        columns.map((c) => (c === 'name' ? sql`${w.name}` : c === 'phone' ? sql`${w.phone}` : sql.identifier(c))),
        sql`, `,
      );
      await exec(sql`insert into assessments (${list}) select ${values} from assessments where id = ${picked}`);
      return;
    }
    case 'delete':
      await exec(sql`delete from assessments where id = ${picked}`);
      return;
    case 'status':
      await exec(sql`update assessments set status = ${w.to} where id = ${picked}`);
      return;
    case 'rename':
      await exec(sql`update assessments set name = ${w.name} where id = ${picked}`);
      return;
    case 'phone':
      await exec(sql`update assessments set phone = ${w.phone} where id = ${picked}`);
      return;
    case 'move':
      await exec(sql`update assessments set
        job_province_id = case when job_province_id = ${kabul.province}::int then ${other.province}::int else ${kabul.province}::int end,
        job_district_id = case when job_province_id = ${kabul.province}::int then ${other.district}::int else ${kabul.district}::int end
        where id = ${picked}`);
  }
}

/** Until this instance has heard every change committed so far. */
async function heardAll(feed: ChangeFeed): Promise<void> {
  expect(await feed.afterWrite()).not.toBeNull();
}

/**
 * Every kept anchor of every case counts the rows before it as PostgreSQL does, and every kept total
 * the rows of its list (a page in the reverse order starts from both: firstAnchorFromEnd); gives the
 * cases kept.
 */
async function checkKept(anchors: ListAnchors): Promise<number> {
  let kept = 0;
  for (const c of cases()) {
    const held = anchors.peek(keyOf(c));
    if (!held) continue;
    kept++;
    expect(held.list.length, keyOf(c)).toBeGreaterThan(0);
    const want = await Promise.all(held.list.map((a) => rowsBefore(c, a.key, a.id)));
    expect(
      held.list.map((a) => a.at),
      keyOf(c),
    ).toEqual(want);
    expect(held.total, `${keyOf(c)} total`).toBe(await listSize(c));
  }
  return kept;
}

/**
 * Start looking for every case's anchors. `around`, when given, holds each search open while the
 * writes are made: 'read first' reads the anchors and then waits (the writes come after their
 * snapshot, and are heard while the search is still under way: they must be taken in), 'writes
 * first' waits and then reads (the writes are heard during the search too, but the snapshot saw them:
 * they must not count twice).
 */
function seekAll(anchors: ListAnchors, around?: HeldAround) {
  return cases().map((c) => {
    const read = () => listAnchors(t.database.db, c.filter, { ...c.order, sort: c.order.sort as 'name', lang: 'en' });
    return anchors.seek(keyOf(c), c.filter, c.order, async () => {
      if (!around) return read();
      if (around.mode === 'writes first') await around.written;
      const found = await read();
      await around.written;
      return found;
    });
  });
}

describe('kept anchors', () => {
  it('count the rows before them after any writes, heard while they were read or after', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('after' as const, 'read first' as const, 'writes first' as const),
        async (transactions, mode) => {
          // Every search at once, so that each one is under way while the writes are made.
          const anchors = new ListAnchors(new CacheStore(8 * 1024 * 1024), t.database.changes, 300_000, 99);
          try {
            await writesWhileReading(t, mode, transactions, apply, (around) => seekAll(anchors, around));
            // None of these writes is one a notice cannot describe: every list keeps its anchors.
            expect(await checkKept(anchors)).toBe(cases().length);
          } finally {
            anchors.close();
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('are dropped by a change no row notice describes: many forms at once, or a notice too long', async () => {
    for (const change of [
      sql`update assessments set birth_year = birth_year + 0 where id % 10 = 1`,
      sql`update assessments set name = ${'Long name '.repeat(14)} || id where id in (
        select id from assessments where status = 'NEW' order by id limit 40)`,
      sql`update assessments set phone = '+93 70 123' where id in (select id from assessments where status = 'NEW' limit 1)`,
    ]) {
      const anchors = new ListAnchors(new CacheStore(8 * 1024 * 1024), t.database.changes);
      await Promise.all(seekAll(anchors));
      expect(await checkKept(anchors)).toBe(cases().length);
      await t.database.db.execute(change);
      await heardAll(t.database.changes);
      // Whatever is still kept is exact (a phone no collation-free rule orders drops the phone list alone).
      const kept = await checkKept(anchors);
      expect(kept).toBeLessThan(cases().length);
      anchors.close();
    }
  });

  it('are not kept in the store by the notices that update them: the least recently used go first', async () => {
    const store = new CacheStore(64 * 1024);
    const anchors = new ListAnchors(store, t.database.changes);
    try {
      await Promise.all(seekAll(anchors));
      const held = cases().filter((c) => store.peek(`anchors\u0000${keyOf(c)}`));
      expect(held.length).toBeGreaterThan(0);
      // Other entries fill the store while writes keep updating the anchors.
      const other = new ReadCache<string>(store, t.database.changes, 'other', ['auth'], 60_000);
      for (let i = 0; i < 40; i++) {
        await other.get(`k${i}`, async () => 'x'.repeat(1000));
        await t.database.db.execute(sql`update assessments set phone = case when phone = '+93701' then '+93709'
          else '+93701' end where id = (select min(id) from assessments where status = 'NEW')`);
        await heardAll(t.database.changes);
      }
      expect(cases().filter((c) => store.peek(`anchors\u0000${keyOf(c)}`))).toEqual([]);
    } finally {
      anchors.close();
    }
  });

  it('are looked for two lists at a time, and every list asked for is looked for', async () => {
    const anchors = new ListAnchors(new CacheStore(8 * 1024 * 1024), t.database.changes);
    let running = 0;
    let most = 0;
    try {
      await Promise.all(
        cases().map((c) =>
          anchors.seek(keyOf(c), c.filter, c.order, async () => {
            most = Math.max(most, ++running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running--;
            return listAnchors(t.database.db, c.filter, { ...c.order, sort: c.order.sort as 'name', lang: 'en' });
          }),
        ),
      );
      expect(most).toBe(2);
      expect(await checkKept(anchors)).toBe(cases().length);
    } finally {
      anchors.close();
    }
  });

  it('serve both directions of a sorted list: descending pages from them show what ORDER BY shows, after writes', async () => {
    // Phones that can be ordered here only: a test above left '+93 70 123' on some NEW form, and when
    // the writes below happened to move that form, the phone list's anchors were rightly dropped
    // (which failed this test now and then, as the earlier tests' random writes decided the form).
    await t.database.db.execute(sql`update assessments set phone = '+93701' where phone !~ '^[+][0-9]+$'`);
    await heardAll(t.database.changes);
    const store = new CacheStore(8 * 1024 * 1024);
    const anchors = new ListAnchors(store, t.database.changes);
    const caches: ListCaches = {
      anchors,
      groups: new ListGroups(store, t.database.changes, 1),
    };
    const filter: ListFilter = { status: 'NEW' };
    const sorts = { name: 'name_key', phone: 'phone', birth_year: 'birth_year' } as const;
    const keyOfSort = (sort: string) => anchorsKey(filter, sort);
    const check = async () => {
      const n = await listSize({ filter, order: { direction: 'desc' } });
      for (const [sort, column] of Object.entries(sorts)) {
        // Only the ascending anchors are kept: the descending pages start from them.
        expect(anchors.peek(keyOfSort(sort)), sort).toBeDefined();
        for (const page of [1, 20, 39, 40, 41, 60, Math.ceil(Number(n) / 13), Math.ceil(Number(n) / 13) + 1]) {
          const sorting = { sort: sort as 'name', direction: 'desc' as const, lang: 'en' as const };
          const shown = await pageAssessments(t.database.db, t.app.reference, filter, null, sorting, page, 13, caches);
          const want = await rowsOf<{ id: number }>(sql`select id from assessments where status = 'NEW'
            order by ${sql.identifier(column)} desc, id desc limit 13 offset ${(page - 1) * 13}`);
          expect(
            shown.rows.map((r) => r.id),
            `${sort} page ${page}`,
          ).toEqual(want.map((r) => Number(r.id)));
        }
      }
    };
    try {
      for (const sort of Object.keys(sorts) as (keyof typeof sorts)[]) {
        const order = { sort, direction: 'asc' as const };
        await anchors.seek(keyOfSort(sort), filter, order, () =>
          listAnchors(t.database.db, filter, { ...order, lang: 'en' }),
        );
      }
      await check();
      // The rows at two anchors of the list by name leave it, with rows beside them; one more joins.
      await t.database.db.execute(sql`update assessments set status = 'APPROVED' where id in (
        (select id from assessments where status = 'NEW' order by name_key, id offset 250 limit 2)
        union all (select id from assessments where status = 'NEW' order by name_key, id offset 499 limit 2))`);
      await apply((q) => t.database.db.execute(q), { kind: 'insert', pick: 7, name: 'Name 3', phone: '+93701' });
      await heardAll(t.database.changes);
      await check();
    } finally {
      anchors.close();
    }
  });

  it('know which transactions the snapshot they were read in saw', () => {
    const s = parseSnapshot('100:105:101,103')!;
    expect(s).toEqual({ xmin: 100, xmax: 105, xip: [101, 103] });
    expect([99, 100, 101, 102, 103, 104, 105].map((x) => sees(s, x))).toEqual([
      true,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(parseSnapshot('nonsense')).toBeNull();
  });
});
