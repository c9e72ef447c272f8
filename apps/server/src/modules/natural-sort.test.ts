import { sortKey } from '@tna/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../test/assessment-fixtures.js';
import { districtOf } from '../test/fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

// Names are listed as their readers sort them (issue 13): numbers by value, and the Dari/Pashto
// alphabet (پ after ب, چ after ج, ژ after ز, گ after ک), whichever database holds them.

let t: TestContext;
let r: FormRefs;

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
});

const DARI = ['تمنا', 'پروین', 'بهار', 'چمن', 'جمیله', 'ژاله', 'زهرا', 'گل', 'کریم', 'يوسف'];
// In the order of the Dari alphabet; يوسف typed with the Arabic yeh sorts as یوسف.
const DARI_SORTED = ['بهار', 'پروین', 'تمنا', 'جمیله', 'چمن', 'زهرا', 'ژاله', 'کریم', 'گل', 'يوسف'];

describe('tna_sort_key() in the database', () => {
  it('gives the keys that sortKey() in @tna/domain gives', async () => {
    const names = [
      ...DARI,
      'Bilal7',
      'Bilal 013',
      'CHC-12 Kabul',
      '۱۲ بلال',
      'بلال٧',
      'می\u200Cخواهم',
      'علیٰ',
      'ÉCOLE',
      'x12345678901234y',
      '',
    ];
    for (const name of names) {
      const { rows } = (await t.database.db.execute(sql`select tna_sort_key(${name}) as k`)) as unknown as {
        rows: { k: string }[];
      };
      expect(rows[0]?.k, name).toBe(sortKey(name));
    }
  });
});

describe('lists sorted by name', () => {
  it('GET /api/hospitals sorted by name: Bilal7, Bilal13, Bilal19, and Dari names in their alphabet', async () => {
    const { province, district } = await districtOf(t.database.db, 'AF01', 'AF0101');
    const add = async (name: string) => {
      const res = await t.request('POST', '/api/hospitals', {
        token: t.adminToken,
        body: {
          name,
          type: 'BHC',
          province_id: province.id,
          district_id: district.id,
          is_her_hf: false,
          status: 'Existing',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    for (const n of ['Bilal19', 'Bilal7', 'Bilal13']) await add(n);
    for (const n of DARI) await add(`مرکز ${n}`);
    const names = async (query: string) =>
      (await t.request('GET', `/api/hospitals?per_page=50&${query}`, { token: t.adminToken }))
        .json()
        .data.data.map((f: { name: string }) => f.name);
    expect(await names('sort=name&direction=asc&search=bilal')).toEqual(['Bilal7', 'Bilal13', 'Bilal19']);
    expect(await names('sort=name&direction=desc&search=bilal')).toEqual(['Bilal19', 'Bilal13', 'Bilal7']);
    expect(await names(`sort=name&direction=asc&search=${encodeURIComponent('مرکز')}`)).toEqual(
      DARI_SORTED.map((n) => `مرکز ${n}`),
    );
  });

  it('GET /api/tnas/bystatus/NEW sorted by name or father name', async () => {
    const officer = await t.userWithRole('dataentry');
    const names = ['Bilal19', 'Bilal7', 'Bilal13', ...DARI];
    for (const [i, name] of names.entries()) {
      const res = await submitMultipart(
        t,
        '/api/tnas',
        officer.token,
        formData(r, { name, fathername: name, form_no: `NS-${i}`, tazkira: `1400-0101-${10000 + i}` }),
        priorities(r, 1),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const sort of ['name', 'fathername']) {
      const res = await t.request('GET', `/api/tnas/bystatus/NEW?sort=${sort}&direction=asc&per_page=50`, {
        token: t.adminToken,
      });
      const shown = res.json().data.data.map((a: Record<string, string>) => a[sort]);
      expect(shown).toEqual(['Bilal7', 'Bilal13', 'Bilal19', ...DARI_SORTED]);
    }
  });

  it('GET /api/departments lists Dept 9 before Dept 10', async () => {
    for (const name of ['Ward 10', 'Ward 9', 'Ward 100']) {
      const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name, remarks: null } });
      expect(res.statusCode).toBe(200);
    }
    const listed = (await t.request('GET', '/api/departments', { token: t.adminToken })).json().data;
    const wards = listed.map((d: { name: string }) => d.name).filter((n: string) => n.startsWith('Ward '));
    expect(wards).toEqual(['Ward 9', 'Ward 10', 'Ward 100']);
  });
});
