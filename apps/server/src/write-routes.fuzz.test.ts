import { ERROR_CODES } from '@tna/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formData, formRefs, priorities } from './test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from './test/helpers.js';
import {
  asMultipart,
  BOUNDARY,
  breakField,
  breakPriorities,
  breakWhole,
  dropField,
  notAnIdPath,
  type Route,
} from './test/malformed-input.js';

/**
 * Malformed input for every write route, generated: no answer may be a 5xx, every answer has the
 * documented error shape with a code that matches its status, and nothing is written. Each case
 * starts from a valid body and breaks it in a way no schema may accept, so a 2xx is a failure too.
 * FUZZ_RUNS sets the number of cases per route (bounded so that `npm test` stays quick).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestContext;
const routes: Route[] = [];
let ids: Record<string, number>;

beforeAll(async () => {
  t = await setupTestApp({ TRUST_PROXY: '1' });
  const r = await formRefs(t);
  const officer = await t.userWithRole('dataentry');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tnas',
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: asMultipart({ data: formData(r), priorities: priorities(r) }),
  });
  const assessment = created.json().success;
  await t.request('POST', '/api/register', {
    body: { email: 'asks@tna.test', password: 'asks-pass-1', retypePassword: 'asks-pass-1' },
  });
  await t.request('POST', '/api/forgot-password', { body: { email: officer.email } });
  const token = t.adminToken;
  const first = async (url: string) => (await t.request('GET', url, { token })).json().data[0].id as number;
  ids = {
    user: officer.id,
    district: r.districtId,
    hospital: r.hospitalId,
    department: r.departmentId,
    position: r.positionId,
    training: r.trainingIds[0]!,
    request: await first('/api/users/account-requests'),
    reset: await first('/api/users/password-resets'),
  };
  const user = {
    name: 'Fuzz',
    email: 'fuzz@tna.test',
    password: 'fuzz-pass-1',
    c_password: 'fuzz-pass-1',
    role: 'validator',
  };
  routes.push(
    {
      method: 'POST',
      path: '/api/login',
      body: { email: 'a@b.co', password: 'abcdefgh' },
      required: ['email', 'password'],
      anonymous: true,
    },
    { method: 'POST', path: '/api/logout' },
    {
      method: 'POST',
      path: '/api/register',
      body: { name: 'N', email: 'n@tna.test', password: 'pass-word-1', retypePassword: 'pass-word-1' },
      required: ['email', 'password', 'retypePassword'],
      anonymous: true,
    },
    {
      method: 'POST',
      path: '/api/forgot-password',
      body: { email: 'n@tna.test' },
      required: ['email'],
      anonymous: true,
    },
    {
      method: 'POST',
      path: '/api/recover-password',
      body: { token: 'x'.repeat(40), password: 'pass-word-1', confirmPassword: 'pass-word-1' },
      required: ['token', 'password', 'confirmPassword'],
      anonymous: true,
    },
    { method: 'POST', path: '/api/users/register', body: user, required: ['name', 'email', 'password', 'role'] },
    {
      method: 'POST',
      path: '/api/users/update-profile',
      body: { name: 'Admin', password: 'admin-pass-2', c_password: 'admin-pass-2' },
      required: ['name', 'password'],
    },
    { method: 'DELETE', path: `/api/users/:id=${ids.user}` },
    {
      method: 'POST',
      path: '/api/provinces/districts',
      body: { name: 'New District', parent_id: r.provinceId },
      required: ['name', 'parent_id'],
    },
    { method: 'DELETE', path: `/api/provinces/districts/:id=${ids.district}` },
    {
      method: 'POST',
      path: '/api/hospitals',
      body: {
        name: 'H',
        type: 'DH',
        province_id: r.provinceId,
        district_id: r.districtId,
        is_her_hf: false,
        status: 'Existing',
        latitude: '34.5',
        longtitude: '69.1',
      },
      required: ['name', 'type', 'province_id', 'district_id', 'status'],
    },
    { method: 'DELETE', path: `/api/hospitals/:id=${ids.hospital}` },
    { method: 'POST', path: '/api/departments', body: { name: 'D', remarks: 'R' }, required: ['name'] },
    { method: 'DELETE', path: `/api/departments/:id=${ids.department}` },
    {
      method: 'POST',
      path: '/api/positions',
      body: { title_en: 'P', title_dr: 'P', title_pa: 'P', department: r.departmentId, trainings: [r.trainingIds[0]] },
      required: ['title_en', 'department', 'trainings'],
    },
    { method: 'DELETE', path: `/api/positions/:id=${ids.position}` },
    {
      method: 'POST',
      path: '/api/trainings',
      body: {
        title_en: 'T',
        training_type: 'Initial',
        frequency: 'one time',
        department: r.departmentId,
        positions: [r.positionId],
      },
      required: ['title_en', 'training_type', 'department', 'positions'],
    },
    { method: 'DELETE', path: `/api/trainings/:id=${ids.training}` },
    {
      method: 'POST',
      path: '/api/tnas',
      body: { data: formData(r, { form_no: 'FUZZ-1' }), priorities: priorities(r) },
      required: ['name', 'hospital', 'phone'],
      multipart: true,
    },
    {
      method: 'POST',
      path: '/api/tnas/update',
      body: { data: formData(r, { id: assessment.id, version: assessment.version }), priorities: priorities(r) },
      // Not `version`: the spec's client sends none, and the edit then applies as the original's did.
      required: ['id', 'name'],
      multipart: true,
    },
    {
      method: 'POST',
      path: '/api/tnas/changestatus',
      body: { staff_id: assessment.id, status: 'APPROVED', remarks: 'ok' },
      required: ['staff_id', 'status', 'remarks'],
    },
    {
      method: 'POST',
      path: '/api/tnas/duplicates',
      body: { tazkira: '1', name: 'n', fathername: 'f', birth_year: 1990, hospital: r.hospitalId },
    },
    {
      method: 'POST',
      path: '/api/tnas/search',
      body: { province: r.provinceId, district: r.districtId, status: 'NEW' },
      required: ['province', 'status'],
    },
    {
      method: 'POST',
      path: `/api/users/account-requests/:id=${ids.request}/accept`,
      body: { role: 'validator' },
      required: ['role'],
    },
    { method: 'POST', path: `/api/users/account-requests/:id=${ids.request}/refuse` },
    { method: 'POST', path: `/api/users/password-resets/:id=${ids.reset}/link` },
  );
});

/** Every table's rows, as one text per table: equal before and after means nothing was written. */
async function snapshot(): Promise<Record<string, string>> {
  const rows = async <T>(query: string) =>
    ((await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const out: Record<string, string> = {};
  for (const { name } of await rows<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  )) {
    const [row] = await rows<{ h: string; n: number }>(
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h, count(*) as n from "${name}" t`,
    );
    out[name] = `${row!.n}:${row!.h}`;
  }
  return out;
}

function expectDocumentedRefusal(res: LightMyRequestResponse, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json();
  expect(typeof body.message, label).toBe('string');
  expect(body.message.length, label).toBeGreaterThan(0);
  expect(ERROR_CODES[body.code as keyof typeof ERROR_CODES], `${label}: code ${body.code}`).toBe(res.statusCode);
  for (const key of ['errors', 'error_keys'] as const) {
    if (body[key] === undefined) continue;
    for (const list of Object.values(body[key] as Record<string, unknown>)) {
      expect(Array.isArray(list) && list.every((m) => typeof m === 'string'), label).toBe(true);
    }
  }
}

let address = 0;
function send(route: Route, path: string, contentType: string | null, payload: string | null) {
  address += 1;
  return t.app.inject({
    method: route.method,
    url: path,
    headers: {
      ...(route.anonymous ? {} : { authorization: `Bearer ${t.adminToken}` }),
      // The public routes' rate limiter counts per address; each case comes from its own.
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    ...(payload !== null ? { payload } : {}),
  });
}

describe('malformed input to every write route', () => {
  it('covers the 26 write routes', () => {
    expect(routes).toHaveLength(26);
  });

  it('answers 4xx in the documented shape and writes nothing', async () => {
    for (const route of routes) {
      const before = await snapshot();
      const [template, idAndRest] = route.path.split(':id=') as [string, string | undefined];
      const realPath = idAndRest ? `${template}${idAndRest}` : template;
      const breakers: fc.Arbitrary<{
        contentType: string | null;
        payload: string | null;
        path: string;
        label: string;
      }>[] = [breakWhole(route).map((b) => ({ ...b, path: realPath }))];
      if (route.body) {
        breakers.push(breakField(route).map((b) => ({ ...b, path: realPath })));
        if (route.required) breakers.push(dropField(route).map((b) => ({ ...b, path: realPath })));
        if (route.multipart) breakers.push(breakPriorities(route).map((b) => ({ ...b, path: realPath })));
      }
      if (idAndRest) {
        const rest = idAndRest.replace(/^\d+/, '');
        breakers.push(
          notAnIdPath.map((id) => ({
            contentType: route.body ? 'application/json' : null,
            payload: route.body ? JSON.stringify(route.body) : null,
            path: `${template}${id}${rest}`,
            label: `id ${id}`,
          })),
        );
      }
      // A route without a body (logout, deletes) ignores any body it can read: only unreadable ones
      // are malformed for it, besides its id.
      if (!route.body) {
        breakers[0] = breakWhole(route)
          .filter((b) => !b.label.startsWith('body '))
          .map((b) => ({ ...b, path: realPath }));
      }
      const cases = fc.oneof(...breakers);
      await fc.assert(
        fc.asyncProperty(cases, async ({ contentType, payload, path, label }) => {
          const res = await send(route, path, contentType, payload);
          expectDocumentedRefusal(res, `${route.method} ${path} ${label}`);
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot(), `${route.method} ${realPath}`).toEqual(before);
    }
  });
});
