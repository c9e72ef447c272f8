import { type AdminUnitDto, type DistrictFormInput, encodeMessage } from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { adminUnits } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { districtNameTaken, districtUsage, findUnit, toAdminUnitDto } from './provinces.repository.js';

export { listAllDistricts, listDistricts, listProvinces } from './provinces.repository.js';

/** Add a district to a province, or rename one when `id` is given. Official codes are kept. */
export async function saveDistrict(db: Db, actor: Actor, input: DistrictFormInput): Promise<AdminUnitDto> {
  return audited(db, actor, async (w) => {
    const province = await findUnit(w.tx, input.parent_id);
    if (province?.type !== 'province') throw AppError.field('parent_id', encodeMessage('validation.exists'));
    if (await districtNameTaken(w.tx, province.id, input.name, input.id)) {
      throw AppError.field('name', encodeMessage('validation.unique', { value: input.name }));
    }
    const values = { nameEn: input.name, nameFa: input.name_fa, namePs: input.name_ps, parentId: province.id };
    if (input.id == null) {
      return toAdminUnitDto(await w.insert(adminUnits, 'District', { ...values, type: 'district' }));
    }
    const existing = await findUnit(w.tx, input.id);
    if (existing?.type !== 'district') throw AppError.notFound('The district');
    if (existing.parentId !== province.id) {
      const usage = await districtUsage(w.tx, existing.id);
      if (Object.values(usage).some((n) => n > 0)) {
        throw AppError.conflict(
          'A district that is in use cannot be moved to another province.',
          'conflict.districtMove',
        );
      }
    }
    return toAdminUnitDto((await w.update(adminUnits, 'District', input.id, values))!);
  });
}

/** Delete a district that nothing uses. */
export async function deleteDistrict(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    const existing = await findUnit(w.tx, id);
    if (existing?.type !== 'district') throw AppError.notFound('The district');
    const usage = await districtUsage(w.tx, id);
    if (Object.values(usage).some((n) => n > 0)) throw AppError.inUse('This district', usage);
    await w.delete(adminUnits, 'District', id);
  });
}
