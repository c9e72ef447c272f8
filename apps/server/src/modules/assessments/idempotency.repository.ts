import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import { runShapedSql, shaped } from '../../db/shaped.js';

// A submit that carries an Idempotency-Key creates its form once: a retry after a dropped answer
// gets the form the first request made (see createAssessment).

/**
 * Claim an idempotency key for a new form and take ids for `count` new assessments, in one round
 * trip. `claimed` is false when the key was claimed before (the submit is a retry): then nothing is
 * written, and the ids taken are left unused (a gap in the numbers, as a rolled-back insert leaves).
 */
export async function claimKeyAndTakeIds(
  tx: Executor,
  userId: number,
  key: string,
  count: number,
): Promise<{ claimed: boolean; ids: number[] }> {
  const rows = await runShapedSql<{ id: number; claimed: number }>(
    tx,
    shaped(
      'claim-key',
      (slot) => {
        const claim = tx
          .insert(idempotencyKeys)
          .values({ userId: slot('user'), key: slot('key') })
          .onConflictDoNothing()
          .returning({ id: idempotencyKeys.id });
        return sql`with claimed as (${claim.getSQL()})
          select nextval(pg_get_serial_sequence('assessments', 'id'))::int as id, (select count(*) from claimed)::int as claimed
          from generate_series(1, ${slot('count')}::int)`;
      },
      { user: userId, key, count },
    ),
  );
  return { claimed: rows[0]?.claimed === 1, ids: rows.map((r) => r.id) };
}

/** The write that ties a claimed key to the form it created; not yet run (see AuditedTx.together). */
export function keyBinding(tx: Executor, userId: number, key: string, assessmentId: number) {
  return shaped(
    'key-binding',
    (slot) =>
      tx
        .update(idempotencyKeys)
        .set({ assessmentId: slot('form') })
        .where(and(eq(idempotencyKeys.userId, slot('user')), eq(idempotencyKeys.key, slot('key')))),
    { form: assessmentId, user: userId, key },
  );
}

export async function assessmentOfKey(db: Executor, userId: number, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: idempotencyKeys.assessmentId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.id ?? null;
}
