import type { AssessmentDto, AssessmentRowDto } from '@tna/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { preparedQuery, quickQuery } from '../../db/prepared.js';
import { known, type ReferenceCache, type ReferenceNames } from '../../db/reference-cache.js';
import {
  adminUnits,
  assessmentPriorities,
  assessments,
  departments,
  healthFacilities,
  positions,
  type trainings,
} from '../../db/schema/index.js';
import { runShaped, shaped } from '../../db/shaped.js';

export type AssessmentRow = typeof assessments.$inferSelect;

const permProvince = alias(adminUnits, 'perm_province');
const permDistrict = alias(adminUnits, 'perm_district');
const jobProvince = alias(adminUnits, 'temp_province');
const jobDistrict = alias(adminUnits, 'temp_district');

/** A province or district by its names, as SPEC 3 nests it (selected as columns, nested by Drizzle). */
function unitColumns(unit: typeof permProvince | typeof permDistrict | typeof jobProvince | typeof jobDistrict) {
  return { id: unit.id, name: unit.nameEn, name_en: unit.nameEn, name_fa: unit.nameFa, name_ps: unit.namePs };
}

/** A department by its names, as the details nest it (selected as columns, nested by Drizzle). */
function departmentColumns() {
  return { id: departments.id, name: departments.name, name_dr: departments.nameDr, name_pa: departments.namePa };
}

/** A position or training by its titles in the three languages. */
function titleColumns<T extends typeof positions | typeof trainings>(table: T) {
  return { id: table.id, title_en: table.titleEn, title_dr: table.titleDr, title_pa: table.titlePa };
}

/** The names an assessment's details nest (SPEC 3). */
type DtoNames = Pick<
  AssessmentDto,
  'hospital' | 'perm_province' | 'perm_district' | 'temp_province' | 'temp_district' | 'department' | 'position'
>;

/**
 * One assessment by its API field names, with the nested names of SPEC 3. The names come from the
 * instance's copy of the reference data while it is kept (the change feed is live), as a list page's
 * do: the form's details are the read asked for most (a third of the mixed benchmark's), and the
 * seven joins that named them cost PostgreSQL seven index lookups and the server a row three times as
 * wide to parse. While the copy is not kept, one query with the joins.
 */
export async function findAssessmentDto(
  db: Executor,
  reference: ReferenceCache,
  id: number,
): Promise<AssessmentDto | null> {
  if (!reference.kept) return joinedAssessmentDto(db, id);
  const a = await findAssessment(db, id);
  return a && namedDto(reference, a);
}

/**
 * The details of a form whose row the caller has just written (a write's RETURNING, or the locked row
 * with what was set): a write answers with them without reading the form again, one statement less
 * for each create, correction and status move. Named from the kept reference data; while it is not
 * kept, read with the joins like any other.
 */
export async function dtoOfRow(db: Executor, reference: ReferenceCache, a: AssessmentRow): Promise<AssessmentDto> {
  if (!reference.kept) {
    const joined = await joinedAssessmentDto(db, a.id);
    if (joined) return joined;
  }
  return namedDto(reference, a);
}

async function namedDto(reference: ReferenceCache, a: AssessmentRow): Promise<AssessmentDto> {
  const units = [a.permProvinceId, a.permDistrictId, a.jobProvinceId, a.jobDistrictId];
  const n = await reference.names(
    (n) =>
      n.facilities.has(a.hospitalId) &&
      units.every((u) => n.units.has(u)) &&
      n.departments.has(a.departmentId) &&
      n.positions.has(a.positionId),
  );
  return toDto(a, {
    hospital: known(n.facilities, a.hospitalId, 'Facility'),
    perm_province: known(n.units, a.permProvinceId, 'Province'),
    perm_district: known(n.units, a.permDistrictId, 'District'),
    temp_province: known(n.units, a.jobProvinceId, 'Province'),
    temp_district: known(n.units, a.jobDistrictId, 'District'),
    department: known(n.departments, a.departmentId, 'Department'),
    position: known(n.positions, a.positionId, 'Position'),
  });
}

/** One assessment with its names joined in the database. */
async function joinedAssessmentDto(db: Executor, id: number): Promise<AssessmentDto | null> {
  const query = quickQuery(db, 'assessment-dto', (db, name) =>
    db
      .select({
        a: assessments,
        hospital: {
          id: healthFacilities.id,
          name: healthFacilities.name,
          code: healthFacilities.code,
          type: healthFacilities.type,
        },
        perm_province: unitColumns(permProvince),
        perm_district: unitColumns(permDistrict),
        temp_province: unitColumns(jobProvince),
        temp_district: unitColumns(jobDistrict),
        department: departmentColumns(),
        position: titleColumns(positions),
      })
      .from(assessments)
      .innerJoin(healthFacilities, eq(healthFacilities.id, assessments.hospitalId))
      .innerJoin(permProvince, eq(permProvince.id, assessments.permProvinceId))
      .innerJoin(permDistrict, eq(permDistrict.id, assessments.permDistrictId))
      .innerJoin(jobProvince, eq(jobProvince.id, assessments.jobProvinceId))
      .innerJoin(jobDistrict, eq(jobDistrict.id, assessments.jobDistrictId))
      .innerJoin(departments, eq(departments.id, assessments.departmentId))
      .innerJoin(positions, eq(positions.id, assessments.positionId))
      .where(eq(assessments.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row ? toDto(row.a, row) : null;
}

function toDto(a: AssessmentRow, names: DtoNames): AssessmentDto {
  return {
    id: a.id,
    assessment_date: a.assessmentDate,
    form_no: a.formNo,
    hr_id: a.hrId,
    name: a.name,
    lastname: a.lastname,
    fathername: a.fathername,
    birth_year: a.birthYear,
    perminent_province_id: a.permProvinceId,
    perminent_district_id: a.permDistrictId,
    perminent_address_details: a.permAddress,
    temp_province_id: a.jobProvinceId,
    temp_district_id: a.jobDistrictId,
    temp_address_details: a.currentAddress,
    hospital_id: a.hospitalId,
    hospital_name: names.hospital.name,
    hospital: names.hospital,
    job_address: a.jobAddress,
    marital_status: a.maritalStatus,
    gender: a.gender,
    department_id: a.departmentId,
    position_id: a.positionId,
    education_level: a.educationLevel,
    education_field: a.educationField,
    graduated_university: a.graduatedUniversity,
    experience: a.experience,
    implementing_organization: a.implementingOrganization,
    phone: a.phone,
    tazkira: a.tazkira,
    remarks: a.remarks,
    status: a.status,
    version: a.version,
    created_by: a.createdBy,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    perm_province: names.perm_province,
    perm_district: names.perm_district,
    temp_province: names.temp_province,
    temp_district: names.temp_district,
    department: names.department,
    position: names.position,
  };
}

/** A priority line as the audit trail keeps it. */
export interface LineValues {
  department: number;
  training: number;
  priority: number;
}

/**
 * A form locked for a correction, with its priority lines as they are (for the audit entry, in the
 * order they were written), in one statement: a correction sent the lock and the lines' read one
 * after the other, two of its round trips.
 */
export async function lockWithLines(
  db: Executor,
  id: number,
): Promise<{ row: AssessmentRow; lines: LineValues[] } | null> {
  const P = assessmentPriorities;
  const line = sql`json_build_object('department', ${P.departmentId}, 'training', ${P.trainingId}, 'priority', ${P.priority})`;
  const all = sql`(select json_agg(${line} order by ${P.id}) from ${P} where ${P.assessmentId} = ${assessments.id})`;
  const [found] = await runShaped<{ row: AssessmentRow; lines: LineValues[] }>(
    db,
    shaped(
      'lock-form-with-lines',
      (slot) =>
        db
          .select({ row: assessments, lines: sql<LineValues[]>`coalesce(${all}, '[]'::json)` })
          .from(assessments)
          .where(eq(assessments.id, slot('id')))
          .for('update'),
      { id },
    ),
  );
  return found ?? null;
}

export async function findAssessment(db: Executor, id: number, forUpdate = false): Promise<AssessmentRow | null> {
  if (forUpdate) {
    const [locked] = await runShaped<AssessmentRow>(
      db,
      shaped(
        'lock-form',
        (slot) =>
          db
            .select()
            .from(assessments)
            .where(eq(assessments.id, slot('id')))
            .for('update'),
        { id },
      ),
    );
    return locked ?? null;
  }
  const query = quickQuery(db, 'assessment', (db, name) =>
    db
      .select()
      .from(assessments)
      .where(eq(assessments.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
  return row ?? null;
}

/** The list columns the assessments table holds itself. */
function ownRowColumns() {
  return {
    id: assessments.id,
    name: assessments.name,
    lastname: assessments.lastname,
    fathername: assessments.fathername,
    birth_year: assessments.birthYear,
    implementing_organization: assessments.implementingOrganization,
    phone: assessments.phone,
    status: assessments.status,
    created_at: sql<string>`to_char(${assessments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    hospital_id: assessments.hospitalId,
  };
}

/** The columns of the assessment lists (SPEC 2: province, district, facility, name, ...). */
export function rowColumns() {
  return {
    ...ownRowColumns(),
    hospital_name: healthFacilities.name,
    temp_province: unitColumns(jobProvince),
    temp_district: unitColumns(jobDistrict),
  };
}

export function rowsFrom(db: Executor) {
  return db
    .select(rowColumns())
    .from(assessments)
    .innerJoin(healthFacilities, eq(healthFacilities.id, assessments.hospitalId))
    .innerJoin(jobProvince, eq(jobProvince.id, assessments.jobProvinceId))
    .innerJoin(jobDistrict, eq(jobDistrict.id, assessments.jobDistrictId));
}

/** The same rows with who entered each, for an access check made on them (see findDuplicates). */
export function rowsWithCreatorFrom(db: Executor) {
  return db
    .select({ ...rowColumns(), created_by: assessments.createdBy })
    .from(assessments)
    .innerJoin(healthFacilities, eq(healthFacilities.id, assessments.hospitalId))
    .innerJoin(jobProvince, eq(jobProvince.id, assessments.jobProvinceId))
    .innerJoin(jobDistrict, eq(jobDistrict.id, assessments.jobDistrictId));
}

/**
 * The list columns read from the assessments table alone, with the list's total; the names of the
 * place and facility come from the reference data in memory (`toRowDto`).
 */
export function plainRowsWithTotal(db: Executor, total: SQL<number>) {
  return db
    .select({
      ...ownRowColumns(),
      province_id: assessments.jobProvinceId,
      district_id: assessments.jobDistrictId,
      total,
    })
    .from(assessments);
}

type PlainRow = { hospital_id: number; province_id: number; district_id: number };

/** Whether the names of these rows' places and facilities are all in a copy of the reference data. */
export function namesCover(rows: readonly PlainRow[]) {
  return (n: ReferenceNames) =>
    rows.every((r) => n.facilities.has(r.hospital_id) && n.units.has(r.province_id) && n.units.has(r.district_id));
}

/** A list row with its names (built field by field: this runs for every row of every page). */
export function toRowDto(
  r: PlainRow & Omit<AssessmentRowDto, 'hospital_name' | 'temp_province' | 'temp_district'>,
  n: ReferenceNames,
): AssessmentRowDto {
  return {
    id: r.id,
    name: r.name,
    lastname: r.lastname,
    fathername: r.fathername,
    birth_year: r.birth_year,
    implementing_organization: r.implementing_organization,
    phone: r.phone,
    status: r.status,
    created_at: r.created_at,
    hospital_id: r.hospital_id,
    hospital_name: known(n.facilities, r.hospital_id, 'Facility').name,
    temp_province: known(n.units, r.province_id, 'Province'),
    temp_district: known(n.units, r.district_id, 'District'),
  };
}

/** How many forms of a status a user entered (their My Assessments total). */
export async function countMyForms(db: Executor, userId: number, status: string): Promise<number> {
  const query = preparedQuery(db, 'my-forms-total', (name) =>
    db
      .select({ n: count() })
      .from(assessments)
      .where(and(eq(assessments.createdBy, sql.placeholder('user')), eq(assessments.status, sql.placeholder('status'))))
      .prepare(name),
  );
  const [row] = await query.execute({ user: userId, status });
  return row?.n ?? 0;
}

/**
 * A page of the forms a user entered, newest first, read off the (creator, status, created_at, id)
 * index from the end nearer to it (oldest first, then reversed, for the second half), so that a
 * random page reads a quarter of an officer's forms on average rather than half. `total` is the count
 * of them, when the caller keeps it (see countMyForms): counting an officer's 7,600 forms on every
 * page was half of a page's time at 1M forms.
 */
export async function pageMyForms(
  db: Executor,
  reference: ReferenceCache,
  userId: number,
  status: string,
  page: number,
  perPage: number,
  total: number,
): Promise<{ rows: AssessmentRowDto[]; total: number }> {
  const offset = (page - 1) * perPage;
  const after = total - offset - perPage;
  const fromEnd = after < offset;
  const query = quickQuery(db, `my-forms:${fromEnd}`, (db, name) => {
    const dir = fromEnd ? asc : desc;
    const order = [dir(assessments.createdAt), dir(assessments.id)];
    const ids = db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(eq(assessments.createdBy, sql.placeholder('user')), eq(assessments.status, sql.placeholder('status'))))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return plainRowsWithTotal(db, sql<number>`0`)
      .where(sql`${assessments.id} = any(array(${ids}))`)
      .orderBy(...order)
      .prepare(name);
  });
  const take = fromEnd ? perPage + Math.min(0, after) : perPage;
  const plain =
    take <= 0
      ? []
      : await query.execute({ user: userId, status, limit: take, offset: fromEnd ? Math.max(0, after) : offset });
  if (fromEnd) plain.reverse();
  const names = await reference.names(namesCover(plain));
  return { rows: plain.map((row) => toRowDto(row, names)), total };
}
