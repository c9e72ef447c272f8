import {
  type AssessmentDto,
  type AssessmentFields,
  type AssessmentStatus,
  type ChangeStatusInput,
  encodeMessage,
  type FieldErrors,
  findMove,
  hasAnyRole,
  LOCKED_STATUSES,
  type PriorityLineInput,
  STATUS_MOVES,
} from '@tna/domain';
import { eq, inArray } from 'drizzle-orm';
import { type Actor, type AuditedTx, audited } from '../../db/audited.js';
import type { Db, Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentHistories,
  assessmentPriorities,
  assessments,
  departments,
  healthFacilities,
  positions,
  trainings,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../auth/auth.repository.js';
import {
  type AssessmentRow,
  assessmentOfKey,
  bindIdempotencyKey,
  claimIdempotencyKey,
  findAssessment,
  findAssessmentDto,
} from './assessments.repository.js';

/** API field names -> columns (the spec's spellings stay in the API only). */
function toColumns(f: AssessmentFields) {
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
  };
}

/**
 * The checks a schema cannot make: every id exists, the districts lie in their provinces, the
 * facility in the job district, and each priority's training belongs to its department.
 * All problems are answered together, on their fields.
 */
async function checkReferences(db: Executor, f: AssessmentFields, lines: PriorityLineInput[]): Promise<void> {
  const errors: FieldErrors = {};
  const add = (field: string, key: Parameters<typeof encodeMessage>[0]) => {
    errors[field] = [encodeMessage(key)];
  };
  const unitIds = [f.perminent_province_id, f.perminent_district_id, f.temp_province_id, f.temp_district_id];
  const units = new Map(
    (await db.select().from(adminUnits).where(inArray(adminUnits.id, unitIds))).map((u) => [u.id, u] as const),
  );
  const checkPlace = (provinceField: string, provinceId: number, districtField: string, districtId: number) => {
    const p = units.get(provinceId);
    const d = units.get(districtId);
    if (p?.type !== 'province') add(provinceField, 'validation.exists');
    if (d?.type !== 'district') add(districtField, 'validation.exists');
    else if (p && d.parentId !== p.id) add(districtField, 'validation.districtProvince');
  };
  checkPlace('perminent_province_id', f.perminent_province_id, 'perminent_district_id', f.perminent_district_id);
  checkPlace('temp_province_id', f.temp_province_id, 'temp_district_id', f.temp_district_id);

  const [facility] = await db.select().from(healthFacilities).where(eq(healthFacilities.id, f.hospital));
  if (!facility) add('hospital', 'validation.exists');
  else if (facility.districtId !== f.temp_district_id) add('hospital', 'validation.facilityDistrict');

  const deptIds = [...new Set([f.department_id, ...lines.map((l) => l.department)])];
  const depts = new Set(
    (await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, deptIds))).map(
      (d) => d.id,
    ),
  );
  if (!depts.has(f.department_id)) add('department_id', 'validation.exists');
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, f.position_id));
  if (!position) add('position_id', 'validation.exists');

  const trainingRows = lines.length
    ? await db
        .select({ id: trainings.id, departmentId: trainings.departmentId })
        .from(trainings)
        .where(
          inArray(
            trainings.id,
            lines.map((l) => l.training),
          ),
        )
    : [];
  const trainingDept = new Map(trainingRows.map((t) => [t.id, t.departmentId]));
  lines.forEach((line, i) => {
    if (!depts.has(line.department)) add(`priorities.${i}.department`, 'validation.exists');
    const dept = trainingDept.get(line.training);
    if (dept === undefined) add(`priorities.${i}.training`, 'validation.exists');
    else if (dept !== line.department) add(`priorities.${i}.training`, 'validation.trainingDepartment');
  });
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

function priorityValues(lines: PriorityLineInput[]) {
  return lines.map((l) => ({ department: l.department, training: l.training, priority: l.priority }));
}

async function writePriorities(w: AuditedTx, assessmentId: number, lines: PriorityLineInput[]): Promise<void> {
  await w.tx.delete(assessmentPriorities).where(eq(assessmentPriorities.assessmentId, assessmentId));
  await w.tx
    .insert(assessmentPriorities)
    .values(
      lines.map((l) => ({ assessmentId, departmentId: l.department, trainingId: l.training, priority: l.priority })),
    );
}

/**
 * Record a new assessment: the form, its priority lines and its first history entry (to NEW), with
 * the audit entry, in one transaction. With an idempotency key, a retry of the same submit answers
 * the first result and creates nothing.
 */
export async function createAssessment(
  db: Db,
  actor: Actor & { userId: number },
  fields: AssessmentFields,
  lines: PriorityLineInput[],
  idempotencyKey?: string | null,
): Promise<{ assessment: AssessmentDto; replayed: boolean }> {
  const created = await audited(db, actor, async (w) => {
    if (idempotencyKey && !(await claimIdempotencyKey(w.tx, actor.userId, idempotencyKey))) return null;
    await checkReferences(w.tx, fields, lines);
    const row = await w.insert(
      assessments,
      'Assessment',
      { ...toColumns(fields), status: 'NEW', createdBy: actor.userId, updatedBy: actor.userId },
      { priorities: priorityValues(lines) },
    );
    await writePriorities(w, row.id, lines);
    await w.tx.insert(assessmentHistories).values({
      assessmentId: row.id,
      userId: actor.userId,
      fromStatus: null,
      toStatus: 'NEW',
      remarks: 'Created',
    });
    if (idempotencyKey) await bindIdempotencyKey(w.tx, actor.userId, idempotencyKey, row.id);
    return row.id;
  });
  if (created === null) {
    const first = await assessmentOfKey(db, actor.userId, idempotencyKey!);
    if (!first) throw AppError.conflict('This form is already being saved. Please wait a moment.', 'conflict.inFlight');
    return { assessment: (await findAssessmentDto(db, first))!, replayed: true };
  }
  return { assessment: (await findAssessmentDto(db, created))!, replayed: false };
}

/** Who may read an assessment (and so its priorities and history). */
export function canRead(user: AuthUser, a: Pick<AssessmentRow, 'status' | 'createdBy'>): boolean {
  if (hasAnyRole(user.roles, ['admin', 'validator'])) return true;
  if (user.roles.includes('dataentry')) return a.createdBy === user.id || a.status === 'REJECTED';
  if (user.roles.includes('internal_viewer')) return a.status === 'APPROVED';
  return false;
}

/** Load an assessment the user may read, or answer 404 (not 403: an id says nothing to outsiders). */
export async function readableAssessment(db: Executor, user: AuthUser, id: number): Promise<AssessmentRow> {
  const row = await findAssessment(db, id);
  if (!row || !canRead(user, row)) throw AppError.notFound('The assessment');
  return row;
}

function assertEditable(user: AuthUser, row: AssessmentRow): void {
  if ((LOCKED_STATUSES as readonly string[]).includes(row.status)) {
    throw AppError.conflict(
      `This assessment is ${row.status} and can no longer be changed.`,
      'conflict.assessmentLocked',
      { status: row.status },
    );
  }
  const isAdmin = user.roles.includes('admin');
  if (row.status === 'NEW' && !isAdmin && row.createdBy !== user.id) {
    throw AppError.forbidden('Only the officer who entered this form, or an admin, can change it while it is NEW.');
  }
}

/**
 * Correct an assessment. Allowed on NEW (its creator or an admin) and REJECTED forms; the edit names
 * the version it was based on, and answers 409 if someone changed the form since. The priority lines
 * are replaced as a whole in the same transaction.
 */
export async function updateAssessment(
  db: Db,
  user: AuthUser,
  actor: Actor,
  id: number,
  version: number,
  fields: AssessmentFields,
  lines: PriorityLineInput[],
): Promise<AssessmentDto> {
  await audited(db, actor, async (w) => {
    const row = await findAssessment(w.tx, id, true);
    if (!row || !canRead(user, row)) throw AppError.notFound('The assessment');
    assertEditable(user, row);
    if (row.version !== version) {
      throw AppError.conflict(
        'Someone else changed this assessment after you opened it. Reload it to see their changes, then make yours again.',
        'conflict.staleVersion',
      );
    }
    await checkReferences(w.tx, fields, lines);
    const before = await w.tx
      .select({
        department: assessmentPriorities.departmentId,
        training: assessmentPriorities.trainingId,
        priority: assessmentPriorities.priority,
      })
      .from(assessmentPriorities)
      .where(eq(assessmentPriorities.assessmentId, id))
      .orderBy(assessmentPriorities.id);
    await w.update(
      assessments,
      'Assessment',
      id,
      { ...toColumns(fields), updatedBy: user.id, version: row.version + 1 },
      { priorities: before },
      { priorities: priorityValues(lines) },
    );
    await writePriorities(w, id, lines);
  });
  return (await findAssessmentDto(db, id))!;
}

/**
 * Move an assessment to another status (SPEC 4), by the one table of legal moves in @tna/domain.
 * The move applies only from the status the database holds at that moment: of two reviewers acting
 * at once, one moves it and the other gets 409. The history and audit entries are written with it.
 */
export async function changeStatus(
  db: Db,
  user: AuthUser,
  actor: Actor,
  input: ChangeStatusInput,
): Promise<AssessmentDto> {
  await audited(db, actor, async (w) => {
    const row = await findAssessment(w.tx, input.staff_id, true);
    if (!row || !canRead(user, row)) throw AppError.notFound('The assessment');
    const from = row.status as AssessmentStatus;
    const move = findMove(from, input.status);
    if (!move) {
      // A move that would have been legal from another status means the form moved on under the
      // caller (another reviewer was quicker): say so. A move that is never legal is bad input.
      if (STATUS_MOVES.some((m) => m.to === input.status)) {
        throw AppError.conflict(
          `This assessment was already reviewed: it is ${from} now.`,
          'conflict.alreadyReviewed',
          { status: from },
        );
      }
      throw AppError.field('status', encodeMessage('validation.oneOf'));
    }
    if (!hasAnyRole(user.roles, move.roles)) throw AppError.forbidden();
    if (move.creatorOnly && row.createdBy !== user.id && !user.roles.includes('admin')) {
      throw AppError.forbidden('Only the officer who entered this form can archive it.');
    }
    const updated = await w.tx
      .update(assessments)
      .set({ status: input.status, version: row.version + 1, updatedBy: user.id, updatedAt: new Date() })
      .where(eq(assessments.id, row.id))
      .returning({ id: assessments.id });
    if (!updated.length) throw AppError.notFound('The assessment');
    await w.record('updated', 'Assessment', row.id, { status: from }, { status: input.status });
    await w.tx.insert(assessmentHistories).values({
      assessmentId: row.id,
      userId: user.id,
      fromStatus: from,
      toStatus: input.status,
      remarks: input.remarks,
    });
  });
  return (await findAssessmentDto(db, input.staff_id))!;
}
