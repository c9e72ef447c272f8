import { ASSESSMENT_STATUSES, ROLES, STATUS_MOVES } from '@tna/domain';
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

/** Whether the rules say this role may make this move on a form the data-entry user entered. */
function expected(from: string, to: string, role: string): boolean {
  const move = STATUS_MOVES.find((m) => m.from === from && m.to === to);
  return !!move && (move.roles as readonly string[]).includes(role);
}

describe('the transition table: every from x to x role', () => {
  const cases = ASSESSMENT_STATUSES.flatMap((from) =>
    ASSESSMENT_STATUSES.filter((to) => to !== from).flatMap((to) => ROLES.map((role) => [from, to, role] as const)),
  );
  it.each(cases)('%s -> %s by %s', async (from, to, role) => {
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
    if (expected(from, to, role)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(after!.status).toBe(to);
      expect(history).toHaveLength(before.length + 1);
    } else {
      expect([403, 404, 409, 422]).toContain(res.statusCode);
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
