import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentPriorities } from '../../db/schema/index.js';
import { type FormRefs, formData, priorities, submitMultipart, twoOfficers } from '../../test/assessment-fixtures.js';
import type { TestContext } from '../../test/helpers.js';

// A form's priorities and history are each read in one statement with the facts that decide who may
// read the form (form-parts.repository.ts): what a reader sees must not depend on how many rows the
// form has, and a form that cannot be read must answer as one that does not exist.

let t: TestContext;
let r: FormRefs;
let officer: { id: number; token: string };
let otherOfficer: { token: string };
let validator: { token: string };

beforeAll(async () => {
  ({ t, r, officer, otherOfficer } = await twoOfficers());
  validator = await t.userWithRole('validator');
});

async function create(lines = priorities(r)): Promise<number> {
  const res = await submitMultipart(t, '/api/tnas', officer.token, formData(r), lines);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().success.id;
}

const get = (part: 'priorities' | 'histories', id: number, token: string) =>
  t.request('GET', `/api/tnas/${part}/bystaffid/${id}`, { token });

describe('a form’s priorities and history', () => {
  it('lists the ranked trainings, highest first, with the names of their departments and trainings', async () => {
    const lines = priorities(r, 3).map((l, i) => ({ ...l, priority: 3 - i }));
    const id = await create(lines);
    const res = await get('priorities', id, officer.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      priority: number;
      department: { id: number; name: string };
      training: { id: number; title_en: string };
    }[];
    expect(data.map((l) => [l.priority, l.training.id])).toEqual(
      [...lines].sort((a, b) => a.priority - b.priority).map((l) => [l.priority, l.training]),
    );
    for (const line of data) {
      expect(line.department).toMatchObject({ id: r.departmentId, name: expect.stringMatching(/\S/) });
      expect(line.training.title_en).toMatch(/\S/);
    }
  });

  it('lists every status change oldest first, with who made it and the remarks', async () => {
    const id = await create();
    const moved = await t.request('POST', '/api/tnas/changestatus', {
      token: validator.token,
      body: { staff_id: id, status: 'REJECTED', remarks: 'Phone number is missing a digit' },
    });
    expect(moved.statusCode).toBe(200);
    const res = await get('histories', id, officer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject([
      { from_status: null, to_status: 'NEW', remarks: 'Created', user: { email: expect.stringContaining('@') } },
      { from_status: 'NEW', to_status: 'REJECTED', remarks: 'Phone number is missing a digit' },
    ]);
  });

  it('answers an empty list, not a missing form, for a form whose lines were removed', async () => {
    const id = await create();
    await t.database.db.delete(assessmentPriorities).where(eq(assessmentPriorities.assessmentId, id));
    const res = await get('priorities', id, officer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers 404 for a form that does not exist and for one the reader may not see', async () => {
    const id = await create();
    for (const part of ['priorities', 'histories'] as const) {
      expect((await get(part, id, validator.token)).statusCode).toBe(200);
      expect((await get(part, id, otherOfficer.token)).statusCode).toBe(404);
      expect((await get(part, 2_000_000_000, t.adminToken)).statusCode).toBe(404);
    }
  });
});
