import { encodeMessage, type PositionDto, type PositionFormInput } from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { positions, trainings } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findDepartment } from '../departments/departments.repository.js';
import { existingIds, setPositionTrainings } from '../trainings/trainings.repository.js';
import { findPosition, positionUsage } from './positions.repository.js';

export { listPositions } from './positions.repository.js';

const ids = (list: { id: number }[]) => list.map((x) => x.id).sort((a, b) => a - b);

/** Create a position, or update one when `id` is given, with its trainings (each must exist). */
export async function savePosition(db: Db, actor: Actor, input: PositionFormInput): Promise<PositionDto> {
  const id = await audited(db, actor, async (w) => {
    if (!(await findDepartment(w.tx, input.department))) {
      throw AppError.field('department', encodeMessage('validation.exists'));
    }
    const found = await existingIds(w.tx, trainings, input.trainings);
    if (found.size !== input.trainings.length) throw AppError.field('trainings', encodeMessage('validation.exists'));
    const trainingIds = [...input.trainings].sort((a, b) => a - b);
    const values = {
      titleEn: input.title_en,
      titleDr: input.title_dr,
      titlePa: input.title_pa,
      departmentId: input.department,
    };
    if (input.id == null) {
      const row = await w.insert(positions, 'Position', values, { trainings: trainingIds });
      await setPositionTrainings(w.tx, row.id, trainingIds);
      return row.id;
    }
    const before = await findPosition(w.tx, input.id);
    if (!before) throw AppError.notFound('The position');
    await w.update(
      positions,
      'Position',
      input.id,
      values,
      { trainings: ids(before.trainings) },
      { trainings: trainingIds },
    );
    await setPositionTrainings(w.tx, input.id, trainingIds);
    return input.id;
  });
  return (await findPosition(db, id))!;
}

/** Delete a position that no assessment uses; its links to trainings go with it. */
export async function deletePosition(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    const before = await findPosition(w.tx, id);
    if (!before) throw AppError.notFound('The position');
    const usage = await positionUsage(w.tx, id);
    if (usage.assessments > 0) throw AppError.inUse('This position', usage);
    await w.delete(positions, 'Position', id, { trainings: ids(before.trainings) });
  });
}
