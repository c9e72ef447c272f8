import { and, count, desc, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentHistories, assessments, users } from '../../db/schema/index.js';

/** Inclusive days, YYYY-MM-DD (UTC). */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

function within(column: typeof assessments.createdAt | typeof assessmentHistories.createdAt, q: DayRange) {
  return and(
    q.from ? gte(column, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(column, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
  );
}

// Names in the order the lists use (tna_sort_key, migration 0024): "Officer 2" before "Officer 10",
// Dari letters in their alphabet's order (byte order of the key, as the key columns are COLLATE "C");
// ties by id, so the order is the same on every request.
const byName: SQL[] = [sql`tna_sort_key(${users.name}) collate "C"`, sql`${users.id}`];

/** How many assessments each user entered, most first. */
export function entriesByOfficer(db: Executor, range: DayRange) {
  return db
    .select({ id: users.id, name: users.name, staff_count: count() })
    .from(assessments)
    .innerJoin(users, sql`${users.id} = ${assessments.createdBy}`)
    .where(within(assessments.createdAt, range))
    .groupBy(users.id)
    .orderBy(desc(count()), ...byName);
}

/** The status moves each reviewer made, by name (the first entry of a form is not a move). */
export function movesByReviewer(db: Executor, range: DayRange) {
  return db
    .select({ id: users.id, name: users.name, to_status: assessmentHistories.toStatus, tna_count: count() })
    .from(assessmentHistories)
    .innerJoin(users, sql`${users.id} = ${assessmentHistories.userId}`)
    .where(and(isNotNull(assessmentHistories.fromStatus), within(assessmentHistories.createdAt, range)))
    .groupBy(users.id, assessmentHistories.toStatus)
    .orderBy(...byName, assessmentHistories.toStatus);
}
