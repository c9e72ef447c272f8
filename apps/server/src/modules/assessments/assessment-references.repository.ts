import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminUnits, departments, healthFacilities, positions, trainings } from '../../db/schema/index.js';
import { runShapedSql, shaped } from '../../db/shaped.js';
import type { ReferenceSource } from './assessment-references.js';

/** The references of one form, read from the database as it is inside the caller's transaction. */
export function databaseReferences(db: Executor): ReferenceSource {
  return {
    async units(ids) {
      const rows = await db
        .select({ id: adminUnits.id, type: adminUnits.type, parentId: adminUnits.parentId })
        .from(adminUnits)
        .where(inArray(adminUnits.id, ids));
      return new Map(rows.map((u) => [u.id, u]));
    },
    async facility(id) {
      const [row] = await db
        .select({ districtId: healthFacilities.districtId })
        .from(healthFacilities)
        .where(eq(healthFacilities.id, id));
      return row;
    },
    async departments(ids) {
      const rows = await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
      return new Set(rows.map((d) => d.id));
    },
    async positionExists(id) {
      const [row] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, id));
      return !!row;
    },
    async trainingDepartments(ids) {
      const rows = await db
        .select({ id: trainings.id, departmentId: trainings.departmentId })
        .from(trainings)
        .where(inArray(trainings.id, ids));
      return new Map(rows.map((t) => [t.id, t.departmentId]));
    },
  };
}

/** Ids for `count` new assessments, taken from the table's sequence (rows written together keep theirs). */
export async function allocateAssessmentIds(db: Executor, count: number): Promise<number[]> {
  const rows = await runShapedSql<{ id: number }>(
    db,
    shaped(
      'take-ids',
      (slot) =>
        sql`select nextval(pg_get_serial_sequence('assessments', 'id'))::int as id from generate_series(1, ${slot('count')}::int)`,
      { count },
    ),
  );
  return rows.map((r) => r.id);
}
