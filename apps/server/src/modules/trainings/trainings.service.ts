import { encodeMessage, type TrainingDto, type TrainingFormInput } from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { positions, trainings } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findDepartment } from '../departments/departments.repository.js';
import { existingIds, findTraining, setTrainingPositions, trainingUsage } from './trainings.repository.js';

export { listTrainings, listTrainingsOfDepartment } from './trainings.repository.js';

const ids = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);

/** Create a training, or update one when `id` is given, with the positions it serves. */
export async function saveTraining(db: Db, actor: Actor, input: TrainingFormInput): Promise<TrainingDto> {
  const id = await audited(db, actor, async (w) => {
    if (!(await findDepartment(w.tx, input.department))) {
      throw AppError.field('department', encodeMessage('validation.exists'));
    }
    const found = await existingIds(w.tx, positions, input.positions);
    if (found.size !== input.positions.length) throw AppError.field('positions', encodeMessage('validation.exists'));
    const positionIds = [...input.positions].sort((a, b) => a - b);
    const values = {
      titleEn: input.title_en,
      titleDr: input.title_dr,
      titlePa: input.title_pa,
      trainingType: input.training_type,
      frequency: input.frequency,
      departmentId: input.department,
    };
    if (input.id == null) {
      const row = await w.insert(trainings, 'Training', values, { positions: positionIds });
      await setTrainingPositions(w.tx, row.id, positionIds);
      return row.id;
    }
    const before = await findTraining(w.tx, input.id);
    if (!before) throw AppError.notFound('The training');
    await w.update(
      trainings,
      'Training',
      input.id,
      values,
      { positions: ids(before.positions) },
      { positions: positionIds },
    );
    await setTrainingPositions(w.tx, input.id, positionIds);
    return input.id;
  });
  return (await findTraining(db, id))!;
}

/** Delete a training that no assessment has chosen; its links to positions go with it. */
export async function deleteTraining(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    const before = await findTraining(w.tx, id);
    if (!before) throw AppError.notFound('The training');
    const usage = await trainingUsage(w.tx, id);
    if (usage['priority lines'] > 0) throw AppError.inUse('This training', usage);
    await w.delete(trainings, 'Training', id, { positions: ids(before.positions) });
  });
}
