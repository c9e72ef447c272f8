import type { ImportKind, ImportMode, ImportReportDto, ImportSummary } from '@tna/domain';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentPriorities,
  assessments,
  departments,
  formNoKey,
  healthFacilities,
  importReports,
  positions,
  roles,
  trainings,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { provincesOf } from '../auth/auth.repository.js';

/** The reference data an import matches names and codes against, read once per import. */
export async function loadReferenceRows(db: Executor) {
  const [units, facilities, depts, posts, courses] = await Promise.all([
    db
      .select({
        id: adminUnits.id,
        type: adminUnits.type,
        code: adminUnits.code,
        parentId: adminUnits.parentId,
        names: sql<string[]>`array[${adminUnits.nameEn}, ${adminUnits.nameFa}, ${adminUnits.namePs}]`,
      })
      .from(adminUnits)
      .orderBy(adminUnits.id),
    db
      .select({
        id: healthFacilities.id,
        code: healthFacilities.code,
        name: healthFacilities.name,
        type: healthFacilities.type,
        provinceId: healthFacilities.provinceId,
        districtId: healthFacilities.districtId,
      })
      .from(healthFacilities)
      .orderBy(healthFacilities.id),
    db
      .select({
        id: departments.id,
        names: sql<string[]>`array[${departments.name}, ${departments.nameDr}, ${departments.namePa}]`,
      })
      .from(departments)
      .orderBy(departments.id),
    db
      .select({
        id: positions.id,
        names: sql<string[]>`array[${positions.titleEn}, ${positions.titleDr}, ${positions.titlePa}]`,
      })
      .from(positions)
      .orderBy(positions.id),
    db
      .select({
        id: trainings.id,
        departmentId: trainings.departmentId,
        names: sql<string[]>`array[${trainings.titleEn}, ${trainings.titleDr}, ${trainings.titlePa}]`,
      })
      .from(trainings)
      .orderBy(trainings.id),
  ]);
  return { units, facilities, departments: depts, positions: posts, trainings: courses };
}
export type ReferenceRows = Awaited<ReturnType<typeof loadReferenceRows>>;

/** Facilities with these codes (compared without case). */
export async function facilitiesByCode(db: Executor, codes: string[]) {
  if (!codes.length) return [];
  return db
    .select()
    .from(healthFacilities)
    .where(inArray(sql`lower(${healthFacilities.code})`, codes));
}

/** Users with these emails, with their role. */
export async function usersByEmail(db: Executor, emails: string[]) {
  if (!emails.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: roles.name, provinces: provincesOf(users.id) })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(users.email, emails));
}

/** Forms with these form numbers (as keys: any digits, any case), with their priority lines. */
export async function assessmentsByFormNo(db: Executor, formKeys: string[]) {
  if (!formKeys.length) return [];
  const rows = await db
    .select()
    .from(assessments)
    .where(inArray(formNoKey(assessments.formNo), formKeys));
  if (!rows.length) return [];
  const lines = await db
    .select({
      assessmentId: assessmentPriorities.assessmentId,
      department: assessmentPriorities.departmentId,
      training: assessmentPriorities.trainingId,
      priority: assessmentPriorities.priority,
    })
    .from(assessmentPriorities)
    .where(
      inArray(
        assessmentPriorities.assessmentId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({ row, lines: lines.filter((l) => l.assessmentId === row.id) }));
}

/** Keep a report; reports older than a week go. */
export async function saveReport(
  db: Executor,
  report: {
    kind: ImportKind;
    mode: ImportMode;
    fileName: string;
    language: string;
    summary: ImportSummary;
    /** The file in slices, in order (see runner.ts's collector). */
    content: Uint8Array[];
    createdBy: number;
  },
): Promise<number> {
  await db.delete(importReports).where(lt(importReports.createdAt, sql`now() - interval '7 days'`));
  const [first = new Uint8Array(), ...rest] = report.content;
  // Slice by slice, in one transaction (nobody sees a report half written): the driver sends a
  // bytea as hex text, so a slice costs twice its size on the way, not the whole file.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importReports)
      .values({ ...report, content: first })
      .returning({ id: importReports.id });
    for (const slice of rest) {
      await tx
        .update(importReports)
        .set({ content: sql`${importReports.content} || ${slice}::bytea` })
        .where(eq(importReports.id, row!.id));
    }
    return row!.id;
  });
}

export async function findReport(db: Executor, id: number) {
  const [row] = await db.select().from(importReports).where(eq(importReports.id, id));
  return row ?? null;
}

/** The latest reports of a kind (without their files), newest first. */
export async function listReports(db: Executor, kind: ImportKind, limit = 20): Promise<ImportReportDto[]> {
  const rows = await db
    .select({
      id: importReports.id,
      kind: importReports.kind,
      mode: importReports.mode,
      fileName: importReports.fileName,
      summary: importReports.summary,
      createdAt: importReports.createdAt,
      createdBy: users.name,
    })
    .from(importReports)
    .leftJoin(users, eq(users.id, importReports.createdBy))
    .where(and(eq(importReports.kind, kind)))
    .orderBy(desc(importReports.createdAt), desc(importReports.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ImportKind,
    mode: r.mode as ImportMode,
    file_name: r.fileName,
    summary: r.summary as ImportSummary,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
  }));
}
