import type { PositionDto } from '@tna/domain';
import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessments, departments, positions, positionTrainings, trainings } from '../../db/schema/index.js';
import { sortKeyOf } from '../../db/sort-key.js';

const trainingList = sql<PositionDto['trainings']>`coalesce((
  select json_agg(json_build_object('id', t.id, 'title_en', t.title_en, 'title_dr', t.title_dr, 'title_pa', t.title_pa) order by t.title_en)
  from ${positionTrainings} pt join ${trainings} t on t.id = pt.training_id
  where pt.position_id = ${positions.id}), '[]'::json)`;

function selectPositions(db: Executor, where?: SQL) {
  return db
    .select({
      id: positions.id,
      title_en: positions.titleEn,
      title_dr: positions.titleDr,
      title_pa: positions.titlePa,
      department_id: positions.departmentId,
      department: sql<
        PositionDto['department']
      >`json_build_object('id', ${departments.id}, 'name', ${departments.name}, 'name_dr', ${departments.nameDr}, 'name_pa', ${departments.namePa})`,
      trainings: trainingList,
    })
    .from(positions)
    .innerJoin(departments, eq(departments.id, positions.departmentId))
    .where(where)
    .orderBy(asc(sortKeyOf(positions.titleEn)), asc(positions.id));
}

export function listPositions(db: Executor): Promise<PositionDto[]> {
  return selectPositions(db);
}

export async function findPosition(db: Executor, id: number): Promise<PositionDto | null> {
  const [row] = await selectPositions(db, eq(positions.id, id));
  return row ?? null;
}

export async function positionUsage(db: Executor, id: number) {
  const [a] = await db.select({ n: count() }).from(assessments).where(eq(assessments.positionId, id));
  return { assessments: a?.n ?? 0 };
}
