import { ASSESSMENT_STATUSES, ROLES } from '@tna/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessmentHistories, assessments } from '../../db/schema/index.js';
import { type FormRefs, formData, formRefs, priorities, submitMultipart } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let r: FormRefs;
const users: Record<string, { id: number; token: string }> = {};

beforeAll(async () => {
  t = await setupTestApp();
  r = await formRefs(t);
  for (const role of ROLES)
    users[role] = role === 'admin' ? { id: 1, token: t.adminToken } : await t.userWithRole(role);
  users.otherDataentry = await t.userWithRole('dataentry');
});

async function formIn(status: string, creator = users.dataentry!) {
  const res = await submitMultipart(t, '/api/tnas', creator.token, formData(r), priorities(r, 1));
  const id = res.json().success.id as number;
  await t.database.db.update(assessments).set({ status }).where(eq(assessments.id, id));
  return id;
}

/**
 * The answer to every move, written out by hand from SPEC 4 and 6 (not computed from the policy), on a
 * form the data-entry user entered: 200 the move happens; 403 the role may never make it; 404 the
 * role may not see the form; 409 the form is past that move (another reviewer was quicker). External
 * viewers may not open any form's route at all (403).
 * Columns: admin, validator, dataentry, external_viewer, internal_viewer (the order of ROLES).
 */
const ANSWERS: Record<string, [number, number, number, number, number]> = {
  'NEW -> APPROVED': [200, 200, 403, 403, 404],
  'NEW -> REJECTED': [200, 200, 403, 403, 404],
  'NEW -> ARCHIVED': [200, 403, 200, 403, 404],
  'APPROVED -> NEW': [409, 403, 409, 403, 403],
  'APPROVED -> REJECTED': [409, 409, 403, 403, 403],
  'APPROVED -> ARCHIVED': [409, 403, 409, 403, 403],
  'REJECTED -> NEW': [200, 403, 200, 403, 404],
  'REJECTED -> APPROVED': [409, 409, 403, 403, 404],
  'REJECTED -> ARCHIVED': [200, 403, 200, 403, 404],
  'ARCHIVED -> NEW': [409, 403, 409, 403, 404],
  'ARCHIVED -> APPROVED': [409, 409, 403, 403, 404],
  'ARCHIVED -> REJECTED': [409, 409, 403, 403, 404],
};

describe('the transition table: every from x to x role', () => {
  it('covers every pair of statuses and every role', () => {
    expect(ROLES).toEqual(['admin', 'validator', 'dataentry', 'external_viewer', 'internal_viewer']);
    const pairs = ASSESSMENT_STATUSES.flatMap((from) =>
      ASSESSMENT_STATUSES.filter((to) => to !== from).map((to) => `${from} -> ${to}`),
    );
    expect(Object.keys(ANSWERS).sort()).toEqual(pairs.sort());
  });

  const cases = Object.entries(ANSWERS).flatMap(([pair, answers]) =>
    ROLES.map((role, i) => [...(pair.split(' -> ') as [string, string]), role, answers[i]!] as const),
  );
  it.each(cases)('%s -> %s by %s: %i', async (from, to, role, answer) => {
    const id = await formIn(from);
    const before = await t.database.db
      .select()
      .from(assessmentHistories)
      .where(eq(assessmentHistories.assessmentId, id));
    const res = await t.request('POST', '/api/tnas/changestatus', {
      token: users[role]!.token,
      body: { staff_id: id, status: to, remarks: 'Checked' },
    });
    const [after] = await t.database.db.select().from(assessments).where(eq(assessments.id, id));
    const history = await t.database.db
      .select()
      .from(assessmentHistories)
      .where(eq(assessmentHistories.assessmentId, id));
    expect(res.statusCode, res.body).toBe(answer);
    if (answer === 200) {
      expect(after!.status).toBe(to);
      expect(history).toHaveLength(before.length + 1);
    } else {
      expect(after!.status).toBe(from);
      expect(history).toHaveLength(before.length);
    }
  });

  it('NEW -> ARCHIVED is for the creator (or an admin), not another data-entry officer', async () => {
    const id = await formIn('NEW');
    const other = await t.request('POST', '/api/tnas/changestatus', {
      token: users.otherDataentry!.token,
      body: { staff_id: id, status: 'ARCHIVED', remarks: 'Duplicate: x' },
    });
    expect([403, 404]).toContain(other.statusCode);
  });

  it('APPROVED and ARCHIVED are final: 409 says the form was already reviewed', async () => {
    const id = await formIn('APPROVED');
    const res = await t.request('POST', '/api/tnas/changestatus', {
      token: t.adminToken,
      body: { staff_id: id, status: 'REJECTED', remarks: 'x' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This assessment was already reviewed: it is APPROVED now.');
  });
});

describe('two reviewers acting on one form at the same time', () => {
  it('exactly one move happens in every round; the other gets 409', async () => {
    const second = await t.userWithRole('validator');
    for (let round = 0; round < 15; round++) {
      const id = await formIn('NEW');
      const [a, b] = await Promise.all([
        t.request('POST', '/api/tnas/changestatus', {
          token: users.validator!.token,
          body: { staff_id: id, status: 'APPROVED', remarks: 'ok' },
        }),
        t.request('POST', '/api/tnas/changestatus', {
          token: second.token,
          body: { staff_id: id, status: 'REJECTED', remarks: 'no' },
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const history = await t.database.db
        .select()
        .from(assessmentHistories)
        .where(eq(assessmentHistories.assessmentId, id));
      expect(history.filter((h) => h.fromStatus === 'NEW')).toHaveLength(1);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().message).toMatch(/^This assessment was already reviewed: it is (APPROVED|REJECTED) now\.$/);
    }
  });
});
