import { z } from 'zod';
import { FACILITY_STATUSES, FACILITY_TYPE_VALUES, TRAINING_FREQUENCIES, TRAINING_TYPES } from './constants.js';
import { encodeMessage } from './messages.js';
import {
  idOrObject,
  oneOf,
  optionalId as optionalIdField,
  optionalText,
  required,
  requiredId,
  requiredText,
} from './validation.js';

const optionalId = optionalIdField();

/** A required multi-select of ids (or selected objects); at least one. */
export function idList() {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && 'id' in x ? x.id : x)) : v),
    z
      .array(requiredId(), { error: required })
      .min(1, { error: required })
      .transform((ids) => [...new Set(ids)]),
  );
}

/** SPEC 5 district form: name and parent_id (its province) required. Dari and Pashto names optional. */
export const districtFormSchema = z.object({
  id: optionalId,
  name: requiredText(120),
  name_fa: optionalText(120),
  name_ps: optionalText(120),
  parent_id: idOrObject(),
});
export type DistrictFormInput = z.infer<typeof districtFormSchema>;

/** Yes/no as forms send it: booleans, 1/0, 'true'/'false', 'yes'/'no'. */
const yesNo = z.preprocess(
  (v) => {
    if (typeof v === 'boolean') return v;
    if (v === 1 || v === '1' || v === 'true' || v === 'yes' || v === 'Yes') return true;
    if (v === 0 || v === '0' || v === 'false' || v === 'no' || v === 'No') return false;
    return v;
  },
  z.boolean({ error: required }),
);

/**
 * A coordinate: optional, but when given a decimal number in range. (SPEC 5 describes one pattern of
 * "two decimal numbers separated by a comma" that is faulty as written; the form has two fields, so
 * each is checked as the decimal number it was meant to be.)
 */
function coordinate(limit: number) {
  return z.preprocess(
    // Absent stays absent (an update keeps the stored value); empty or null clears it.
    (v) => (v === '' || v === null ? null : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: encodeMessage('validation.pattern') })
      .trim()
      .regex(/^[-+]?\d{1,3}(\.\d+)?$/, { error: encodeMessage('validation.pattern') })
      .transform(Number)
      .pipe(
        z
          .number()
          .min(-limit, { error: encodeMessage('validation.min', { min: -limit }) })
          .max(limit, { error: encodeMessage('validation.max', { max: limit }) }),
      )
      .nullish(),
  );
}

/** SPEC 5 health facility form. `longtitude` is spelled as the API spells it. */
export const facilityFormSchema = z.object({
  id: optionalId,
  name: requiredText(255),
  code: optionalText(60),
  type: oneOf(FACILITY_TYPE_VALUES),
  province_id: idOrObject(),
  district_id: idOrObject(),
  is_her_hf: yesNo,
  latitude: coordinate(90),
  longtitude: coordinate(180),
  status: oneOf(FACILITY_STATUSES),
});
export type FacilityFormInput = z.infer<typeof facilityFormSchema>;

/** SPEC 5 department form: name required, remarks optional. */
export const departmentFormSchema = z.object({
  id: optionalId,
  name: requiredText(160),
  name_dr: optionalText(160),
  name_pa: optionalText(160),
  remarks: optionalText(1000),
});
export type DepartmentFormInput = z.infer<typeof departmentFormSchema>;

/** SPEC 5 position form: the three titles, the department and the trainings are all required. */
export const positionFormSchema = z.object({
  id: optionalId,
  title_en: requiredText(160),
  title_dr: requiredText(160),
  title_pa: requiredText(160),
  department: idOrObject(),
  trainings: idList(),
});
export type PositionFormInput = z.infer<typeof positionFormSchema>;

/** SPEC 5 training form: English title, type, frequency, department and positions required. */
export const trainingFormSchema = z.object({
  id: optionalId,
  title_en: requiredText(255),
  title_dr: optionalText(255),
  title_pa: optionalText(255),
  training_type: oneOf(TRAINING_TYPES),
  frequency: oneOf(TRAINING_FREQUENCIES),
  department: idOrObject(),
  positions: idList(),
});
export type TrainingFormInput = z.infer<typeof trainingFormSchema>;

/** Health facility list sorting (GET /hospitals). */
export const FACILITY_SORTS = ['code', 'name', 'type', 'province', 'district', 'status'] as const;
export type FacilitySort = (typeof FACILITY_SORTS)[number];

// ---- Shapes the API answers -------------------------------------------------------------------

export interface AdminUnitDto {
  id: number;
  type: 'province' | 'district';
  code: string | null;
  /** The English name (the original API's `name`). */
  name: string;
  name_en: string;
  name_fa: string | null;
  name_ps: string | null;
  parent_id: number | null;
}

export interface FacilityDto {
  id: number;
  code: string | null;
  name: string;
  type: string;
  province_id: number;
  district_id: number;
  province_name: string;
  district_name: string;
  province?: Pick<AdminUnitDto, 'name_en' | 'name_fa' | 'name_ps'>;
  district?: Pick<AdminUnitDto, 'name_en' | 'name_fa' | 'name_ps'>;
  status: string;
  is_her_hf: boolean;
  latitude: number | null;
  longtitude: number | null;
}

export interface DepartmentDto {
  id: number;
  name: string;
  name_dr: string | null;
  name_pa: string | null;
  remarks: string | null;
}

export interface PositionDto {
  id: number;
  title_en: string;
  title_dr: string;
  title_pa: string;
  department_id: number;
  department: { id: number; name: string; name_dr: string | null; name_pa: string | null };
  trainings: { id: number; title_en: string; title_dr: string | null; title_pa: string | null }[];
}

export interface TrainingDto {
  id: number;
  title_en: string;
  title_dr: string | null;
  title_pa: string | null;
  training_type: string;
  frequency: string;
  department_id: number;
  department: { id: number; name: string; name_dr: string | null; name_pa: string | null };
  positions: { id: number; title_en: string; title_dr: string; title_pa: string }[];
}

export interface AuditEntryDto {
  id: number;
  user_id: number | null;
  user_name: string | null;
  event: string;
  auditable_type: string;
  auditable_id: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  url: string | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}
