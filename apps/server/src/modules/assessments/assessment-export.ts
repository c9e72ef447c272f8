import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentPriorities,
  assessments,
  departments,
  healthFacilities,
  positions,
  trainings,
  users,
} from '../../db/schema/index.js';
import { XlsxStreamWriter } from '../../lib/xlsx-stream.js';
import { type ListFilter, listWhere } from './assessment-lists.repository.js';
import { rowsFrom } from './assessments.repository.js';

/** Excel's limit of rows on a sheet, less the header. */
export const MAX_EXPORT_ROWS = 1_048_575;
const BATCH = 1000;

type Lang = 'en' | 'fa' | 'ps';

const permProvince = alias(adminUnits, 'perm_province');
const permDistrict = alias(adminUnits, 'perm_district');
const jobProvince = alias(adminUnits, 'temp_province');
const jobDistrict = alias(adminUnits, 'temp_district');
const lineDepartment = alias(departments, 'line_department');

function unitName(
  unit: typeof permProvince | typeof permDistrict | typeof jobProvince | typeof jobDistrict,
  lang: Lang,
): SQL<string> {
  if (lang === 'fa') return sql<string>`coalesce(${unit.nameFa}, ${unit.nameEn})`;
  if (lang === 'ps') return sql<string>`coalesce(${unit.namePs}, ${unit.nameFa}, ${unit.nameEn})`;
  return sql<string>`${unit.nameEn}`;
}

function text(lang: Lang, en: SQL | unknown, dr: SQL | unknown, pa: SQL | unknown): SQL<string> {
  if (lang === 'fa') return sql<string>`coalesce(${dr}, ${en})`;
  if (lang === 'ps') return sql<string>`coalesce(${pa}, ${dr}, ${en})`;
  return sql<string>`${en}`;
}

/** Every field a person reads, by its name (not its id), and the priorities 1 to 5. */
export const EXPORT_HEADER = [
  'ID',
  'Status',
  'Assessment Date',
  'Form No',
  'HR ID',
  'Name',
  'Last Name',
  'Father Name',
  'Birth Year',
  'Gender',
  'Marital Status',
  'Permanent Province',
  'Permanent District',
  'Permanent Address',
  'Job Province',
  'Job District',
  'Health Facility',
  'Facility Code',
  'Facility Type',
  'Job Address',
  'Current Address',
  'Department',
  'Position',
  'Education',
  'Field of Study',
  'Educational Institution',
  'Years of Experience',
  'Implementing Partner',
  'Phone',
  'Tazkira No',
  'Remarks',
  'Entered By',
  'Entered At',
  ...[1, 2, 3, 4, 5].flatMap((n) => [`Priority ${n} Training`, `Priority ${n} Department`]),
];

async function exportBatch(db: Executor, filter: ListFilter, lang: Lang, beforeId: number | null) {
  // The page of ids first, on the (status, id) index; then their rows and their priority lines in
  // two set queries (a subquery per row costs several times more).
  const ids = (
    await db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(listWhere(filter), beforeId ? lt(assessments.id, beforeId) : undefined))
      .orderBy(desc(assessments.id))
      .limit(BATCH)
  ).map((r) => r.id);
  if (!ids.length) return [];
  const [rows, lines] = await Promise.all([
    db
      .select({
        a: assessments,
        permProvince: unitName(permProvince, lang),
        permDistrict: unitName(permDistrict, lang),
        jobProvince: unitName(jobProvince, lang),
        jobDistrict: unitName(jobDistrict, lang),
        facility: healthFacilities.name,
        facilityCode: healthFacilities.code,
        facilityType: healthFacilities.type,
        department: text(lang, departments.name, departments.nameDr, departments.namePa),
        position: text(lang, positions.titleEn, positions.titleDr, positions.titlePa),
        enteredBy: users.name,
      })
      .from(assessments)
      .innerJoin(healthFacilities, eq(healthFacilities.id, assessments.hospitalId))
      .innerJoin(permProvince, eq(permProvince.id, assessments.permProvinceId))
      .innerJoin(permDistrict, eq(permDistrict.id, assessments.permDistrictId))
      .innerJoin(jobProvince, eq(jobProvince.id, assessments.jobProvinceId))
      .innerJoin(jobDistrict, eq(jobDistrict.id, assessments.jobDistrictId))
      .innerJoin(departments, eq(departments.id, assessments.departmentId))
      .innerJoin(positions, eq(positions.id, assessments.positionId))
      .innerJoin(users, eq(users.id, assessments.createdBy))
      .where(inArray(assessments.id, ids))
      .orderBy(desc(assessments.id)),
    db
      .select({
        assessmentId: assessmentPriorities.assessmentId,
        p: assessmentPriorities.priority,
        t: text(lang, trainings.titleEn, trainings.titleDr, trainings.titlePa),
        d: text(lang, lineDepartment.name, lineDepartment.nameDr, lineDepartment.namePa),
      })
      .from(assessmentPriorities)
      .innerJoin(trainings, eq(trainings.id, assessmentPriorities.trainingId))
      .innerJoin(lineDepartment, eq(lineDepartment.id, assessmentPriorities.departmentId))
      .where(inArray(assessmentPriorities.assessmentId, ids)),
  ]);
  const byAssessment = new Map<number, { p: number; t: string; d: string }[]>();
  for (const l of lines) {
    const list = byAssessment.get(l.assessmentId) ?? [];
    list.push(l);
    byAssessment.set(l.assessmentId, list);
  }
  return rows.map((r) => ({ ...r, lines: byAssessment.get(r.a.id) ?? [] }));
}

/**
 * Stream the assessments of a list as an XLSX file with one sheet named `data`. Rows are read in
 * batches (newest first, by id) and written as they come, yielding to the event loop and waiting for
 * the client between batches, so memory stays flat whatever the number of rows.
 */
export function streamExport(db: Executor, filter: ListFilter, lang: Lang, onError: (e: unknown) => void): PassThrough {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const xlsx = new XlsxStreamWriter(out, 'data');
  void (async () => {
    await xlsx.addHeader(EXPORT_HEADER);
    let beforeId: number | null = null;
    let written = 0;
    for (;;) {
      const rows = await exportBatch(db, filter, lang, beforeId);
      const take = rows.slice(0, Math.max(0, MAX_EXPORT_ROWS - written));
      await xlsx.addRows(
        take.map((r) => {
          const a = r.a;
          const priorityCells = [1, 2, 3, 4, 5].flatMap((n) => {
            const line = r.lines.find((l) => l.p === n);
            return [line?.t ?? '', line?.d ?? ''];
          });
          return [
            a.id,
            a.status,
            a.assessmentDate,
            a.formNo,
            a.hrId ?? '',
            a.name,
            a.lastname,
            a.fathername,
            a.birthYear,
            a.gender,
            a.maritalStatus,
            r.permProvince,
            r.permDistrict,
            a.permAddress,
            r.jobProvince,
            r.jobDistrict,
            r.facility,
            r.facilityCode ?? '',
            r.facilityType,
            a.jobAddress,
            a.currentAddress,
            r.department,
            r.position,
            a.educationLevel,
            a.educationField,
            a.graduatedUniversity,
            a.experience,
            a.implementingOrganization,
            a.phone,
            a.tazkira,
            a.remarks ?? '',
            r.enteredBy,
            a.createdAt.toISOString().slice(0, 19).replace('T', ' '),
            ...priorityCells,
          ];
        }),
      );
      written += take.length;
      if (rows.length < BATCH || written >= MAX_EXPORT_ROWS || out.destroyed) break;
      beforeId = rows[rows.length - 1]!.a.id;
      // Let other requests run between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await xlsx.finish();
  })().catch((error) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

/** Stream every row of a list as JSON `{"data":[...]}`, a batch at a time (GET /tnas/all/bystatus). */
export function streamAllRows(db: Executor, filter: ListFilter, onError: (e: unknown) => void): PassThrough {
  const out = new PassThrough();
  void (async () => {
    out.write('{"data":[');
    let beforeId: number | null = null;
    let first = true;
    for (;;) {
      const rows = await rowsFrom(db)
        .where(and(listWhere(filter), beforeId ? lt(assessments.id, beforeId) : undefined))
        .orderBy(desc(assessments.id))
        .limit(BATCH);
      for (const row of rows) {
        if (!out.write(`${first ? '' : ','}${JSON.stringify(row)}`)) await once(out, 'drain');
        first = false;
      }
      if (rows.length < BATCH || out.destroyed) break;
      beforeId = rows[rows.length - 1]!.id;
    }
    out.end(']}');
  })().catch((error) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}
