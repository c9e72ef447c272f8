import { type DepartmentDto, type DepartmentFormInput, encodeMessage } from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { departments } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { departmentNameTaken, departmentUsage, findDepartment, toDepartmentDto } from './departments.repository.js';

export { listDepartments } from './departments.repository.js';

/** Create a department, or update one when `id` is given. Names are unique, whatever their case. */
export async function saveDepartment(db: Db, actor: Actor, input: DepartmentFormInput): Promise<DepartmentDto> {
  return audited(db, actor, async (w) => {
    if (await departmentNameTaken(w.tx, input.name, input.id)) {
      throw AppError.field('name', encodeMessage('validation.unique', { value: input.name }));
    }
    const values = { name: input.name, nameDr: input.name_dr, namePa: input.name_pa, remarks: input.remarks };
    if (input.id == null) return toDepartmentDto(await w.insert(departments, 'Department', values));
    const updated = await w.update(departments, 'Department', input.id, values);
    if (!updated) throw AppError.notFound('The department');
    return toDepartmentDto(updated);
  });
}

/** Delete a department that no position, training, assessment or priority line uses. */
export async function deleteDepartment(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    if (!(await findDepartment(w.tx, id))) throw AppError.notFound('The department');
    const usage = await departmentUsage(w.tx, id);
    if (Object.values(usage).some((n) => n > 0)) throw AppError.inUse('This department', usage);
    await w.delete(departments, 'Department', id);
  });
}
