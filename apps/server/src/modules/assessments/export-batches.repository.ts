import { and, desc, lt } from 'drizzle-orm';
import type { Executor, Reader } from '../../db/client.js';
import { assessments } from '../../db/schema/index.js';
import { intArray, type ListFilter, listWhere } from './assessment-filters.repository.js';
import { rowsFrom } from './assessments.repository.js';

/**
 * The reads of the exports (assessment-export.ts): a list newest first, a batch at a time below the
 * last id read, so that a long export holds no cursor and reads each row once.
 */

/** Rows a batch reads. */
export const BATCH = 500;

/** The assessment columns an export reads, in order, each a number or a string (see Database.arrays). */
const BATCH_COLUMNS = `id, status, assessment_date::text, form_no, hr_id, name, lastname, fathername, birth_year, gender,
  marital_status, perm_province_id, perm_district_id, perm_address, job_province_id, job_district_id, hospital_id,
  job_address, current_address, department_id, position_id, education_level, education_field, graduated_university,
  experience, implementing_organization, phone, tazkira, remarks, created_by,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
  (select string_agg(p.priority || ',' || p.training_id || ',' || p.department_id, ';')
     from assessment_priorities p where p.assessment_id = assessments.id)`;
export type BatchRow = [
  id: number,
  status: string,
  assessmentDate: string,
  formNo: string,
  hrId: string | null,
  name: string,
  lastname: string,
  fathername: string,
  birthYear: number,
  gender: string,
  maritalStatus: string,
  permProvinceId: number,
  permDistrictId: number,
  permAddress: string,
  jobProvinceId: number,
  jobDistrictId: number,
  hospitalId: number,
  jobAddress: string,
  currentAddress: string,
  departmentId: number,
  positionId: number,
  educationLevel: string,
  educationField: string,
  graduatedUniversity: string,
  experience: string,
  implementingOrganization: string,
  phone: string,
  tazkira: string,
  remarks: string | null,
  createdBy: number,
  createdAt: string,
  /** The priority lines as `priority,training,department` joined by `;` (one field instead of four a line). */
  lines: string | null,
];
export type LineRow = [assessmentId: number, priority: number, trainingId: number, departmentId: number];

/** A batch of a list newest first, below an id, as arrays (the export's rows), and its priority lines. */
export async function readBatch(database: Pick<Reader, 'arrays'>, filter: ListFilter, before: number) {
  const values: unknown[] = [filter.status];
  let where = 'status = $1';
  for (const [column, value] of [
    ['job_province_id', filter.province],
    ['job_district_id', filter.district],
    ['hospital_id', filter.health_facility],
  ] as const) {
    if (!value) continue;
    values.push(value);
    where += ` and ${column} = $${values.length}`;
  }
  if (filter.provinces) {
    values.push(intArray(filter.provinces));
    where += ` and job_province_id = any($${values.length}::int[])`;
  }
  values.push(before);
  const rows = (await database.arrays(
    `select ${BATCH_COLUMNS} from assessments where ${where} and id < $${values.length} order by id desc limit ${BATCH}`,
    values,
  )) as BatchRow[];
  const lines: LineRow[] = [];
  for (const row of rows) {
    if (!row[31]) continue;
    for (const line of row[31].split(';')) {
      const [priority, training, department] = line.split(',');
      lines.push([row[0], Number(priority), Number(training), Number(department)]);
    }
  }
  return { rows, lines };
}

/** A batch of a list newest first below an id (none: from the newest), as the list rows' objects. */
export function rowsBelow(db: Executor, filter: ListFilter, beforeId: number | null) {
  return rowsFrom(db)
    .where(and(listWhere(filter), beforeId ? lt(assessments.id, beforeId) : undefined))
    .orderBy(desc(assessments.id))
    .limit(BATCH);
}
