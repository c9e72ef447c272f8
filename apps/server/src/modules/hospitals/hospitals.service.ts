import { encodeMessage, type FacilityDto, type FacilityFormInput } from '@tna/domain';
import { type Actor, type AuditedTx, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { healthFacilities } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findUnit } from '../provinces/provinces.repository.js';
import { facilityCodeTaken, facilityUsage, findFacility } from './hospitals.repository.js';

export { listFacilitiesWhere, pageFacilities } from './hospitals.repository.js';

/** Create a health facility, or update one when `id` is given. The district must lie in the province. */
export async function saveFacility(db: Db, actor: Actor, input: FacilityFormInput): Promise<FacilityDto> {
  const id = await audited(db, actor, (w) => writeFacility(w, input));
  return (await findFacility(db, id))!;
}

/**
 * The write of saveFacility in the caller's transaction, with its checks and audit entry (an import
 * writes a batch of facilities in one transaction through it). Answers the facility's id.
 */
export async function writeFacility(w: AuditedTx, input: FacilityFormInput): Promise<number> {
  const province = await findUnit(w.tx, input.province_id);
  if (province?.type !== 'province') throw AppError.field('province_id', encodeMessage('validation.exists'));
  const district = await findUnit(w.tx, input.district_id);
  if (district?.type !== 'district') throw AppError.field('district_id', encodeMessage('validation.exists'));
  if (district.parentId !== province.id) {
    throw AppError.field('district_id', encodeMessage('validation.districtProvince'));
  }
  if (input.code && (await facilityCodeTaken(w.tx, input.code, input.id))) {
    throw AppError.field('code', encodeMessage('validation.unique', { value: input.code }));
  }
  const values = {
    code: input.code,
    name: input.name,
    type: input.type,
    provinceId: province.id,
    districtId: district.id,
    status: input.status,
    isHerHf: input.is_her_hf,
    latitude: input.latitude,
    longitude: input.longtitude,
  };
  if (input.id == null) return (await w.insert(healthFacilities, 'HealthFacility', values)).id;
  const updated = await w.update(healthFacilities, 'HealthFacility', input.id, values);
  if (!updated) throw AppError.notFound('The health facility');
  return updated.id;
}

/** Delete a facility that no assessment names. */
export async function deleteFacility(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    if (!(await findFacility(w.tx, id))) throw AppError.notFound('The health facility');
    const usage = await facilityUsage(w.tx, id);
    if (usage.assessments > 0) throw AppError.inUse('This health facility', usage);
    await w.delete(healthFacilities, 'HealthFacility', id);
  });
}
