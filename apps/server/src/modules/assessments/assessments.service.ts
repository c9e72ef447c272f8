import {
  type AssessmentDto,
  type AssessmentFields,
  type AssessmentStatus,
  type ChangeStatusInput,
  editRefusal,
  encodeMessage,
  inScope,
  mayRead,
  moveRefusal,
  type PolicyForm,
  type PolicyUser,
  type PriorityLineInput,
} from '@tna/domain';
import type { SQLWrapper } from 'drizzle-orm';
import { type Actor, type AuditedTx, audited, auditSnapshot, createdValues } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import type { ReferenceCache } from '../../db/reference-cache.js';
import { assessments } from '../../db/schema/index.js';
import type { Shaped } from '../../db/shaped.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../auth/auth.repository.js';
import { checkReferences, type KeptReferences, type ReferenceSource, referencesIn } from './assessment-references.js';
import { allocateAssessmentIds } from './assessment-references.repository.js';
import {
  type AssessmentRow,
  dtoOfRow,
  findAssessment,
  findAssessmentDto,
  type LineValues,
  lockWithLines,
} from './assessments.repository.js';
import { duplicateKeys } from './duplicates.repository.js';
import { linesOf } from './form-parts.repository.js';
import { historyInsert, linesDelete, linesInsert, statusUpdate } from './form-writes.repository.js';
import { assessmentOfKey, claimKeyAndTakeIds, keyBinding } from './idempotency.repository.js';

/** API field names -> columns (the spec's spellings stay in the API only). */
export function assessmentColumns(f: AssessmentFields) {
  return {
    assessmentDate: f.assessment_date,
    formNo: f.form_no,
    hrId: f.hr_id,
    name: f.name,
    lastname: f.lastname,
    fathername: f.fathername,
    birthYear: f.birth_year,
    permProvinceId: f.perminent_province_id,
    permDistrictId: f.perminent_district_id,
    permAddress: f.perminent_address_details,
    jobProvinceId: f.temp_province_id,
    jobDistrictId: f.temp_district_id,
    hospitalId: f.hospital,
    jobAddress: f.job_address,
    currentAddress: f.temp_address_details,
    maritalStatus: f.marital_status,
    gender: f.gender,
    departmentId: f.department_id,
    positionId: f.position_id,
    educationLevel: f.education_level,
    educationField: f.education_field,
    graduatedUniversity: f.graduated_university,
    experience: f.experience,
    implementingOrganization: f.implementing_organization,
    phone: f.phone,
    tazkira: f.tazkira,
    remarks: f.remarks,
    ...duplicateKeys(f),
  };
}

function priorityValues(lines: PriorityLineInput[]) {
  return lines.map((l) => ({ department: l.department, training: l.training, priority: l.priority }));
}

/** Whether a submit carries the same form as the values another was created with (its audit entry). */
function sameSubmission(original: Record<string, unknown>, fields: AssessmentFields, lines: PriorityLineInput[]) {
  // jsonb keeps an object's keys in its own order, so objects are compared with their keys sorted.
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : (v ?? null);
  const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
  return (
    Object.entries(auditSnapshot(assessmentColumns(fields))).every(([key, value]) => same(original[key], value)) &&
    same(original.priorities, priorityValues(lines))
  );
}

/** A new form and its priority lines. */
export interface NewAssessment {
  fields: AssessmentFields;
  lines: PriorityLineInput[];
}

/**
 * Write new assessments in the caller's transaction: the forms, their priority lines and first
 * history entries (to NEW), each with its audit entry. Two statements however many forms there are:
 * the forms, then their audit entries, lines and history together (with `also`, writes of the
 * caller's sent with them). Every write of a new form comes through here: the submit (one form) and
 * the import (a batch). `ids` are theirs when the caller took them already. Answers their rows as
 * written, in order.
 */
export async function insertAssessments(
  w: AuditedTx,
  creatorId: number,
  items: NewAssessment[],
  refs: ReferenceSource,
  remarks = 'Created',
  taken?: { ids: number[]; also: (SQLWrapper | Shaped)[] },
): Promise<AssessmentRow[]> {
  for (const item of items) await checkReferences(refs, item.fields, item.lines);
  // Ids taken first, so that each form's lines and history name it whatever order rows come back in.
  const ids = taken?.ids ?? (await allocateAssessmentIds(w.tx, items.length));
  const lines = items.flatMap((item, i) =>
    item.lines.map((l) => ({
      assessmentId: ids[i]!,
      departmentId: l.department,
      trainingId: l.training,
      priority: l.priority,
    })),
  );
  const rows = await w.insertMany(
    assessments,
    'Assessment',
    items.map(({ fields }, i) => ({
      id: ids[i]!,
      ...assessmentColumns(fields),
      status: 'NEW',
      createdBy: creatorId,
      updatedBy: creatorId,
    })),
    items.map(({ lines }) => ({ priorities: priorityValues(lines) })),
    [
      ...(lines.length ? [linesInsert(w.tx, lines)] : []),
      historyInsert(
        w.tx,
        ids.map((assessmentId) => ({ assessmentId, userId: creatorId, fromStatus: null, toStatus: 'NEW', remarks })),
      ),
      ...(taken?.also ?? []),
    ],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

/**
 * A form's job province must be one the user works in (issue 13): data entry of Kandahar enters
 * Kandahar's forms. The same check guards the submit, the correction and the import's rows.
 */
export function assertJobProvinceInScope(user: PolicyUser, fields: Pick<AssessmentFields, 'temp_province_id'>): void {
  if (!inScope(user, fields.temp_province_id)) {
    throw AppError.field('temp_province_id', encodeMessage('validation.provinceScope'));
  }
}

/**
 * Record a new assessment: the form, its priority lines and its first history entry (to NEW), with
 * the audit entry, in one transaction. With an idempotency key, a retry of the same submit answers
 * the first result and creates nothing.
 */
export async function createAssessment(
  db: Db,
  reference: ReferenceCache,
  user: PolicyUser,
  actor: Actor & { userId: number },
  fields: AssessmentFields,
  lines: PriorityLineInput[],
  idempotencyKey?: string | null,
  kept: KeptReferences = null,
): Promise<{ assessment: AssessmentDto; replayed: boolean }> {
  assertJobProvinceInScope(user, fields);
  const created = await audited(db, actor, async (w) => {
    const refs = referencesIn(w.tx, kept);
    if (!idempotencyKey) return (await insertAssessments(w, actor.userId, [{ fields, lines }], refs))[0]!;
    const { claimed, ids } = await claimKeyAndTakeIds(w.tx, actor.userId, idempotencyKey, 1);
    if (!claimed) return null;
    const also = [keyBinding(w.tx, actor.userId, idempotencyKey, ids[0]!)];
    return (await insertAssessments(w, actor.userId, [{ fields, lines }], refs, 'Created', { ids, also }))[0]!;
  });
  if (created === null) {
    const first = await assessmentOfKey(db, actor.userId, idempotencyKey!);
    if (!first) throw AppError.conflict('This form is already being saved. Please wait a moment.', 'conflict.inFlight');
    const original = await createdValues(db, 'Assessment', first);
    if (original && !sameSubmission(original, fields, lines)) {
      // As payment APIs do: a key names one submission, so a different form under it is a client's
      // mistake, said out loud rather than answered with the first form (which would drop this one).
      throw AppError.validation(
        { _form: [encodeMessage('validation.idempotencyKeyReused', { id: first })] },
        `This Idempotency-Key was already used for a different form (number ${first}); this one was not saved.`,
      );
    }
    return { assessment: (await findAssessmentDto(db, reference, first))!, replayed: true };
  }
  return { assessment: await dtoOfRow(db, reference, created), replayed: false };
}

/** The facts of a stored form that the access policy decides on. */
export function policyFormOf(row: Pick<AssessmentRow, 'status' | 'createdBy' | 'jobProvinceId'>): PolicyForm {
  return { status: row.status as AssessmentStatus, createdBy: row.createdBy, provinceId: row.jobProvinceId };
}

/** Who may read an assessment (and so its priorities and history): the domain's policy. */
export function canRead(user: AuthUser, row: Pick<AssessmentRow, 'status' | 'createdBy' | 'jobProvinceId'>): boolean {
  return mayRead(user, policyFormOf(row));
}

function assertEditable(user: AuthUser, row: AssessmentRow): void {
  switch (editRefusal(user, policyFormOf(row))) {
    case null:
      return;
    case 'unreadable':
      throw AppError.notFound('The assessment');
    case 'locked':
      throw AppError.conflict(
        `This assessment is ${row.status} and can no longer be changed.`,
        'conflict.assessmentLocked',
        { status: row.status },
      );
    case 'notCreator':
      throw AppError.forbidden('Only the officer who entered this form, or an admin, can change it while it is NEW.');
    default:
      throw AppError.forbidden();
  }
}

/**
 * Correct an assessment. Allowed on NEW (its creator or an admin) and REJECTED forms; an edit that
 * names the version it was based on answers 409 if someone changed the form since. The priority lines
 * are replaced as a whole in the same transaction.
 */
export async function updateAssessment(
  db: Db,
  reference: ReferenceCache,
  user: AuthUser,
  actor: Actor,
  id: number,
  version: number | null | undefined,
  fields: AssessmentFields,
  lines: PriorityLineInput[],
  kept: KeptReferences = null,
): Promise<AssessmentDto> {
  const written = await audited(db, actor, async (w) => {
    const found = await lockWithLines(w.tx, id);
    if (!found) throw AppError.notFound('The assessment');
    const row = found.row;
    assertEditable(user, row);
    assertJobProvinceInScope(user, fields);
    // Without a version (the spec's client sends none) the edit applies as the original's did.
    if (version != null && row.version !== version) {
      throw AppError.conflict(
        'Someone else changed this assessment after you opened it. Reload it to see their changes, then make yours again.',
        'conflict.staleVersion',
      );
    }
    return applyAssessmentUpdate(w, user.id, row, fields, lines, referencesIn(w.tx, kept), found.lines);
  });
  return dtoOfRow(db, reference, written);
}

/**
 * Write a correction of an assessment in the caller's transaction (its row read and locked, its access
 * and version checked): the fields, a new version, and its priority lines replaced as a whole, audited. The
 * edit and the import's update of a form come through here.
 */
export async function applyAssessmentUpdate(
  w: AuditedTx,
  userId: number,
  row: AssessmentRow,
  fields: AssessmentFields,
  lines: PriorityLineInput[],
  refs: ReferenceSource,
  /** The lines as they are, when the caller read them with the lock (see lockWithLines). */
  linesBefore?: LineValues[],
): Promise<AssessmentRow> {
  await checkReferences(refs, fields, lines);
  const before = linesBefore ?? (await linesOf(w.tx, row.id));
  // The row is locked already (the caller's lockWithLines or findAssessment(.., true)). The old lines
  // go with the audit entry; the new ones after (in one statement, the insert might run first and
  // meet them).
  const written = await w.updateFrom(
    assessments,
    'Assessment',
    row,
    { ...assessmentColumns(fields), updatedBy: userId, version: row.version + 1 },
    { priorities: before },
    { priorities: priorityValues(lines) },
    [linesDelete(w.tx, row.id)],
  );
  if (lines.length) {
    await w.together(
      linesInsert(
        w.tx,
        lines.map((l) => ({
          assessmentId: row.id,
          departmentId: l.department,
          trainingId: l.training,
          priority: l.priority,
        })),
      ),
    );
  }
  return written;
}

/**
 * Move an assessment to another status (SPEC 4), by the one table of legal moves in @tna/domain.
 * The move applies only from the status the database holds at that moment: of two reviewers acting
 * at once, one moves it and the other gets 409. The history and audit entries are written with it.
 */
export async function changeStatus(
  db: Db,
  reference: ReferenceCache,
  user: AuthUser,
  actor: Actor,
  input: ChangeStatusInput,
): Promise<AssessmentDto> {
  const moved = await audited(db, actor, async (w) => {
    const row = await findAssessment(w.tx, input.staff_id, true);
    if (!row) throw AppError.notFound('The assessment');
    const from = row.status as AssessmentStatus;
    switch (moveRefusal(user, policyFormOf(row), input.status)) {
      case null:
        break;
      case 'unreadable':
        throw AppError.notFound('The assessment');
      case 'stale':
        // The move would have been legal from another status: the form moved on under the caller
        // (another reviewer was quicker).
        throw AppError.conflict(
          `This assessment was already reviewed: it is ${from} now.`,
          'conflict.alreadyReviewed',
          { status: from },
        );
      case 'notCreator':
        throw AppError.forbidden('Only the officer who entered this form can archive it.');
      case 'invalid':
        throw AppError.field('status', encodeMessage('validation.oneOf'));
      default:
        // A move the caller's roles may never make (data entry approving): 403, whatever the status.
        throw AppError.forbidden();
    }
    // One statement: the row is locked since `findAssessment`, and none of the three needs another.
    // No trigger changes the row, so the locked row with what is set is the form as written.
    const set = { status: input.status, version: row.version + 1, updatedBy: user.id, updatedAt: new Date() };
    await w.together(
      statusUpdate(w.tx, row.id, set),
      w.entry('updated', 'Assessment', row.id, { status: from }, { status: input.status }),
      historyInsert(w.tx, [
        { assessmentId: row.id, userId: user.id, fromStatus: from, toStatus: input.status, remarks: input.remarks },
      ]),
    );
    return { ...row, ...set };
  });
  return dtoOfRow(db, reference, moved);
}
