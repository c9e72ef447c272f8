import { personKey, tazkiraKey } from '@tna/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { duplicatesQuery, fillDuplicateKeys } from './duplicates.repository.js';

let t: TestContext;
let r: FormRefs;
let officer: { id: number; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  officer = await t.userWithRole('dataentry');
});

async function create(over: Record<string, unknown>) {
  const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r, over), priorities(r, 1));
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().success as { id: number; version: number };
}

const matches = async (body: Record<string, unknown>) => {
  const res = await t.request('POST', '/api/tnas/duplicates', { token: officer.token, body });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((x: { id: number }) => x.id);
};

describe('POST /api/tnas/duplicates compares as a reader would', () => {
  it('finds a tazkira typed in Persian or Arabic-Indic digits, with other separators', async () => {
    const form = await create({ tazkira: '1403-0404-12345', name: 'Nadia', fathername: 'Rahim' });
    expect(await matches({ tazkira: '۱۴۰۳-۰۴۰۴-۱۲۳۴۵' })).toEqual([form.id]);
    expect(await matches({ tazkira: '١٤٠٣ ٠٤٠٤ ١٢٣٤٥' })).toEqual([form.id]);
    expect(await matches({ tazkira: '1403/0404/12345' })).toEqual([form.id]);
    expect(await matches({ tazkira: '1403-0404-12346' })).toEqual([]);
  });

  it('finds the same person whose name was typed with Arabic letter forms, Persian digits stored', async () => {
    const form = await create({ tazkira: '۱۴۰۳-۰۵۰۵-۹۸۷۶۵', name: 'كريم', fathername: 'يوسف', birth_year: 1988 });
    const person = { birth_year: 1988, hospital: r.hospitalId };
    expect(await matches({ ...person, name: 'کریم', fathername: ' یوسف ' })).toEqual([form.id]);
    expect(await matches({ tazkira: '1403050598765' })).toEqual([form.id]);
    expect(await matches({ ...person, name: 'کریم', fathername: 'یوسف', birth_year: 1989 })).toEqual([]);
  });

  it('follows an edit: the old tazkira no longer matches, the new one does', async () => {
    const form = await create({ tazkira: '1403-0606-11111', name: 'Farid', fathername: 'Aziz' });
    const res = await submitMultipart(
      t,
      '/api/tnas/update',
      officer.token,
      {
        ...formData(r, { tazkira: '۱۴۰۳-۰۶۰۶-۲۲۲۲۲', name: 'Farid', fathername: 'Aziz' }),
        id: form.id,
        version: form.version,
      },
      priorities(r, 1),
    );
    expect(res.statusCode).toBe(200);
    expect(await matches({ tazkira: '1403-0606-11111' })).toEqual([]);
    expect(await matches({ tazkira: '1403-0606-22222' })).toEqual([form.id]);
  });

  it('fills the keys of rows written without them, by the same functions', async () => {
    const form = await create({ tazkira: '1403-0707-33333', name: 'Laila', fathername: 'Karim' });
    await t.database.db
      .update(assessments)
      .set({ tazkiraKey: null, personKey: null })
      .where(eq(assessments.id, form.id));
    expect(await matches({ tazkira: '1403-0707-33333' })).toEqual([]);
    expect(await fillDuplicateKeys(t.database.db)).toBe(1);
    const [row] = await t.database.db.select().from(assessments).where(eq(assessments.id, form.id));
    expect(row).toMatchObject({ tazkiraKey: tazkiraKey('1403-0707-33333'), personKey: personKey('Laila', 'Karim') });
    expect(await matches({ tazkira: '۱۴۰۳۰۷۰۷۳۳۳۳۳' })).toEqual([form.id]);
  });
});

describe('the duplicate query', () => {
  it('reads the tazkira and person indexes, not the whole table', async () => {
    const query = duplicatesQuery(t.database.db, {
      id: null,
      tazkiraKey: '140304041234',
      person: { key: personKey('Nadia', 'Rahim'), birthYear: 1990, hospitalId: r.hospitalId },
    })!;
    // A test database holds a few rows, where reading the table is cheapest: forbid that, as a
    // million rows do, and see which indexes the planner has for the query.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('assessments_tazkira_key_idx');
    expect(plan).toContain('assessments_person_key_idx');
  });
});
