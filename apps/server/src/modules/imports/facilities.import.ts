import { type FacilityFormInput, facilityFormSchema, fieldErrorsOf } from '@tna/domain';
import { writeFacility } from '../hospitals/hospitals.service.js';
import { FACILITY_COLUMNS } from './columns.js';
import { type ImportHandler, matchError, type RowError, rowErrors, same } from './handler.js';
import { facilitiesByCode } from './imports.repository.js';
import { digitsText, text } from './values.js';

const EXAMPLE = 'example-1';

type Existing = Awaited<ReturnType<typeof facilitiesByCode>>[number];

/**
 * Health facilities (the MoPH/HMIS list), recognised by their code: a code the database holds is
 * updated (or left alone when nothing differs), a new one created, through the facility service.
 */
export const facilitiesImport: ImportHandler<FacilityFormInput, Existing> = {
  kind: 'facilities',
  columns: FACILITY_COLUMNS,
  exampleKey: EXAMPLE,

  parse(cell, { lookup, values }) {
    const errors: RowError[] = [];
    const code = digitsText(cell('code'));
    if (!code) errors.push({ field: 'code', key: 'validation.required' });
    const provinceText = text(cell('province_id'));
    const districtText = text(cell('district_id'));
    let provinceId: number | undefined;
    let districtId: number | undefined;
    if (provinceText) {
      const p = lookup.province(provinceText);
      if ('id' in p) provinceId = p.id;
      else errors.push(matchError('province_id', p, provinceText));
    }
    if (districtText && provinceId !== undefined) {
      const d = lookup.district(provinceId, districtText);
      if ('id' in d) districtId = d.id;
      else errors.push(matchError('district_id', d, districtText));
    }
    const herHf = values.value('yesNo', cell('is_her_hf'));
    const input = {
      code,
      name: text(cell('name')),
      type: values.value('facilityType', cell('type')),
      province_id: provinceId,
      district_id: districtId,
      status: values.value('facilityStatus', cell('status')) ?? 'Existing',
      is_her_hf: herHf === null ? false : herHf === 'yes' ? true : herHf === 'no' ? false : herHf,
      latitude: digitsText(cell('latitude')),
      longtitude: digitsText(cell('longtitude')),
    };
    const result = facilityFormSchema.safeParse(input);
    const matched = new Set(errors.map((e) => e.field));
    if (!result.success) {
      errors.push(...rowErrors(fieldErrorsOf(result.error)).filter((e) => !matched.has(e.field)));
    }
    const key = code?.toLowerCase();
    if (key === EXAMPLE) return { errors: [], example: true };
    return errors.length ? { errors, ...(key ? { key } : {}) } : { value: result.data!, key: key!, errors };
  },

  async existing(db, keys) {
    return new Map((await facilitiesByCode(db, keys)).map((f) => [f.code!.toLowerCase(), f]));
  },

  plan(value, existing) {
    if (!existing) return { outcome: 'create' };
    const unchanged =
      existing.name === value.name &&
      existing.code === value.code &&
      existing.type === value.type &&
      existing.provinceId === value.province_id &&
      existing.districtId === value.district_id &&
      existing.status === value.status &&
      existing.isHerHf === value.is_her_hf &&
      same(existing.latitude, value.latitude) &&
      same(existing.longitude, value.longtitude);
    return { outcome: unchanged ? 'unchanged' : 'update', id: existing.id };
  },

  async write(w, items) {
    for (const { value, plan } of items) {
      await writeFacility(w, { ...value, id: plan.outcome === 'create' ? null : plan.id });
    }
  },
};
