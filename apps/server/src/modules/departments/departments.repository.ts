import type { DepartmentDto } from '@tna/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentPriorities, assessments, departments, positions, trainings } from '../../db/schema/index.js';
import { sortKeyOf } from '../../db/sort-key.js';

type DepartmentRow = typeof departments.$inferSelect;

export function toDepartmentDto(d: DepartmentRow): DepartmentDto {
  return { id: d.id, name: d.name, name_dr: d.nameDr, name_pa: d.namePa, remarks: d.remarks };
}

export async function listDepartments(db: Executor): Promise<DepartmentDto[]> {
  return (
    await db
      .select()
      .from(departments)
      .orderBy(asc(sortKeyOf(departments.name)), asc(departments.id))
  ).map(toDepartmentDto);
}

export async function findDepartment(db: Executor, id: number): Promise<DepartmentRow | null> {
  const [row] = await db.select().from(departments).where(eq(departments.id, id));
  return row ?? null;
}

export async function departmentNameTaken(db: Executor, name: string, exceptId?: number | null): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(departments)
    .where(
      and(
        sql`lower(${departments.name}) = lower(${name})`,
        exceptId ? sql`${departments.id} <> ${exceptId}` : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function departmentUsage(db: Executor, id: number) {
  const [p] = await db.select({ n: count() }).from(positions).where(eq(positions.departmentId, id));
  const [t] = await db.select({ n: count() }).from(trainings).where(eq(trainings.departmentId, id));
  const [a] = await db.select({ n: count() }).from(assessments).where(eq(assessments.departmentId, id));
  const [l] = await db
    .select({ n: count() })
    .from(assessmentPriorities)
    .where(eq(assessmentPriorities.departmentId, id));
  return { positions: p?.n ?? 0, trainings: t?.n ?? 0, assessments: a?.n ?? 0, 'priority lines': l?.n ?? 0 };
}
