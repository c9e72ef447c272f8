import type { HistoryDto, PriorityDto } from '@tna/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { quickQuery } from '../../db/prepared.js';
import {
  assessmentHistories,
  assessmentPriorities,
  assessments,
  departments,
  trainings,
  users,
} from '../../db/schema/index.js';
import type { AssessmentRow, LineValues } from './assessments.repository.js';

/**
 * A form's priorities and its history, each read in one statement together with the facts of the
 * form that the access policy decides on (the form left-joined to its rows). They were two reads at
 * once, the whole form and the rows: twice the statements PostgreSQL ran and the server sent for the
 * eighth of the mixed benchmark's reads that are histories, and for every Details page's two.
 */

/** What the access policy needs of the form (see canRead). */
export type FormFacts = Pick<AssessmentRow, 'status' | 'createdBy' | 'jobProvinceId'>;

/** A form's facts and its rows; null when there is no such form. */
export interface FormPart<T> {
  form: FormFacts;
  rows: T[];
}

/** The form's facts off its first row, and its rows (a form without any has one row of nulls); null for no form. */
function formPart<R extends FormFacts, T>(rows: R[], part: (row: R) => T | null): FormPart<T> | null {
  const first = rows[0];
  if (!first) return null;
  const parts: T[] = [];
  for (const row of rows) {
    const value = part(row);
    if (value !== null) parts.push(value);
  }
  return {
    form: { status: first.status, createdBy: first.createdBy, jobProvinceId: first.jobProvinceId },
    rows: parts,
  };
}

const facts = {
  status: assessments.status,
  createdBy: assessments.createdBy,
  jobProvinceId: assessments.jobProvinceId,
};

/** The form's ranked trainings, with the names of their departments and trainings. */
export async function readPriorities(db: Executor, assessmentId: number): Promise<FormPart<PriorityDto> | null> {
  const P = assessmentPriorities;
  const query = quickQuery(db, 'form-priorities', (db, name) =>
    db
      .select({
        ...facts,
        id: P.id,
        priority: P.priority,
        departmentId: departments.id,
        departmentName: departments.name,
        departmentDr: departments.nameDr,
        departmentPa: departments.namePa,
        trainingId: trainings.id,
        trainingEn: trainings.titleEn,
        trainingDr: trainings.titleDr,
        trainingPa: trainings.titlePa,
      })
      .from(assessments)
      .leftJoin(P, eq(P.assessmentId, assessments.id))
      .leftJoin(departments, eq(departments.id, P.departmentId))
      .leftJoin(trainings, eq(trainings.id, P.trainingId))
      .where(eq(assessments.id, sql.placeholder('id')))
      .orderBy(asc(P.priority), asc(P.id))
      .prepare(name),
  );
  return formPart(await query.execute({ id: assessmentId }), (r) =>
    // The one row of a form without lines has no line; the foreign keys name every line's department and training.
    r.id === null || r.priority === null || r.departmentId === null || r.trainingId === null
      ? null
      : {
          id: r.id,
          priority: r.priority,
          department: {
            id: r.departmentId,
            name: r.departmentName ?? '',
            name_dr: r.departmentDr,
            name_pa: r.departmentPa,
          },
          training: { id: r.trainingId, title_en: r.trainingEn ?? '', title_dr: r.trainingDr, title_pa: r.trainingPa },
        },
  );
}

/** The form's status changes, oldest first, with who made each. */
export async function readHistories(db: Executor, assessmentId: number): Promise<FormPart<HistoryDto> | null> {
  const H = assessmentHistories;
  const query = quickQuery(db, 'form-histories', (db, name) =>
    db
      .select({
        ...facts,
        id: H.id,
        userName: users.name,
        userEmail: users.email,
        createdAt: H.createdAt,
        fromStatus: H.fromStatus,
        toStatus: H.toStatus,
        remarks: H.remarks,
      })
      .from(assessments)
      .leftJoin(H, eq(H.assessmentId, assessments.id))
      .leftJoin(users, eq(users.id, H.userId))
      .where(eq(assessments.id, sql.placeholder('id')))
      .orderBy(asc(H.createdAt), asc(H.id))
      .prepare(name),
  );
  return formPart(await query.execute({ id: assessmentId }), (r) =>
    r.id === null || r.createdAt === null || r.toStatus === null
      ? null
      : {
          id: r.id,
          user: { name: r.userName ?? '', email: r.userEmail ?? '' },
          created_at: r.createdAt.toISOString(),
          from_status: r.fromStatus,
          to_status: r.toStatus,
          remarks: r.remarks,
        },
  );
}

/** A form's priority lines as they are stored, in their order (the audit entry of a correction keeps them). */
export function linesOf(db: Executor, assessmentId: number): Promise<LineValues[]> {
  const P = assessmentPriorities;
  return db
    .select({ department: P.departmentId, training: P.trainingId, priority: P.priority })
    .from(P)
    .where(eq(P.assessmentId, assessmentId))
    .orderBy(P.id);
}
