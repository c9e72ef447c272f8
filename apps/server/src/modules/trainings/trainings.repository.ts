import type { TrainingDto } from '@tna/domain';
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentPriorities, departments, positions, positionTrainings, trainings } from '../../db/schema/index.js';
import { sortKeyOf } from '../../db/sort-key.js';

const positionList = sql<TrainingDto['positions']>`coalesce((
  select json_agg(json_build_object('id', p.id, 'title_en', p.title_en, 'title_dr', p.title_dr, 'title_pa', p.title_pa) order by p.title_en)
  from ${positionTrainings} pt join ${positions} p on p.id = pt.position_id
  where pt.training_id = ${trainings.id}), '[]'::json)`;

function selectTrainings(db: Executor, where?: SQL) {
  return db
    .select({
      id: trainings.id,
      title_en: trainings.titleEn,
      title_dr: trainings.titleDr,
      title_pa: trainings.titlePa,
      training_type: trainings.trainingType,
      frequency: trainings.frequency,
      department_id: trainings.departmentId,
      department: sql<
        TrainingDto['department']
      >`json_build_object('id', ${departments.id}, 'name', ${departments.name}, 'name_dr', ${departments.nameDr}, 'name_pa', ${departments.namePa})`,
      positions: positionList,
    })
    .from(trainings)
    .innerJoin(departments, eq(departments.id, trainings.departmentId))
    .where(where)
    .orderBy(asc(sortKeyOf(trainings.titleEn)), asc(trainings.id));
}

export function listTrainings(db: Executor): Promise<TrainingDto[]> {
  return selectTrainings(db);
}

export function listTrainingsOfDepartment(db: Executor, departmentId: number): Promise<TrainingDto[]> {
  return selectTrainings(db, eq(trainings.departmentId, departmentId));
}

export async function findTraining(db: Executor, id: number): Promise<TrainingDto | null> {
  const [row] = await selectTrainings(db, eq(trainings.id, id));
  return row ?? null;
}

/** The ids among `ids` that exist in `table`. */
export async function existingIds(
  db: Executor,
  table: typeof trainings | typeof positions,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function trainingUsage(db: Executor, id: number) {
  const [l] = await db.select({ n: count() }).from(assessmentPriorities).where(eq(assessmentPriorities.trainingId, id));
  return { 'priority lines': l?.n ?? 0 };
}

/** Replace the positions a training serves. */
export async function setTrainingPositions(db: Executor, trainingId: number, positionIds: number[]): Promise<void> {
  await db.delete(positionTrainings).where(eq(positionTrainings.trainingId, trainingId));
  if (positionIds.length) {
    await db.insert(positionTrainings).values(positionIds.map((positionId) => ({ positionId, trainingId })));
  }
}

/** Replace the trainings of a position. */
export async function setPositionTrainings(db: Executor, positionId: number, trainingIds: number[]): Promise<void> {
  await db.delete(positionTrainings).where(eq(positionTrainings.positionId, positionId));
  if (trainingIds.length) {
    await db.insert(positionTrainings).values(trainingIds.map((trainingId) => ({ positionId, trainingId })));
  }
}
