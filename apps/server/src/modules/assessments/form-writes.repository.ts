import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentHistories, assessmentPriorities, assessments } from '../../db/schema/index.js';
import { shaped, shapedRows, shapeOf, slotsOf, valuesOf } from '../../db/shaped.js';
import type { AssessmentRow } from './assessments.repository.js';

/**
 * The writes of a form's submit, correction and status move, shaped (db/shaped.ts): each statement's
 * text is built once, and a write only fills in its values. Not run here unless said: they go out
 * with others as one statement (see AuditedTx.together).
 */

type Line = typeof assessmentPriorities.$inferInsert;
type History = typeof assessmentHistories.$inferInsert;

/** The insert of a form's priority lines. */
export function linesInsert(tx: Executor, lines: Line[]) {
  return shapedRows('lines', lines, (given) => tx.insert(assessmentPriorities).values(given));
}

/** The delete of a form's priority lines (a correction replaces them as a whole). */
export function linesDelete(tx: Executor, assessmentId: number) {
  return shaped(
    'lines-delete',
    (slot) => tx.delete(assessmentPriorities).where(eq(assessmentPriorities.assessmentId, slot('id'))),
    { id: assessmentId },
  );
}

/** The insert of history entries. */
export function historyInsert(tx: Executor, entries: History[]) {
  return shapedRows('history', entries, (given) => tx.insert(assessmentHistories).values(given));
}

/** The update of a form's status, version and last editor. */
export function statusUpdate(
  tx: Executor,
  id: number,
  set: Pick<AssessmentRow, 'status' | 'version' | 'updatedBy' | 'updatedAt'>,
) {
  return shaped(
    `status-update:${shapeOf(set)}`,
    (slot) =>
      tx
        .update(assessments)
        .set(slotsOf(slot, 's.', set))
        .where(eq(assessments.id, slot('id'))),
    valuesOf('s.', set, { id }),
  );
}
