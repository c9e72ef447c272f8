import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

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
  const claim = tx
    .insert(idempotencyKeys)
    .values({ userId, key })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  const result = await tx.execute<{ id: number; claimed: number }>(
    sql`with claimed as (${claim.getSQL()})
      select nextval(pg_get_serial_sequence('assessments', 'id'))::int as id, (select count(*) from claimed)::int as claimed
      from generate_series(1, ${count})`,
  );
  const rows = (result as unknown as { rows: { id: number; claimed: number }[] }).rows;
  return { claimed: rows[0]?.claimed === 1, ids: rows.map((r) => r.id) };
}

/** The write that ties a claimed key to the form it created; not yet run (see AuditedTx.together). */
export function keyBinding(tx: Executor, userId: number, key: string, assessmentId: number) {
  return tx
    .update(idempotencyKeys)
    .set({ assessmentId })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

export async function assessmentOfKey(db: Executor, userId: number, key: string): Promise<number | null> {
  const [row] = await db
    .select({ id: idempotencyKeys.assessmentId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row?.id ?? null;
}
