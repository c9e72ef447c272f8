import { z } from 'zod';
import {
  ASSESSMENT_DATE_MIN,
  BIRTH_YEAR_MIN,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  GENDERS,
  MARITAL_STATUSES,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  PRIORITIES,
} from './constants.js';
import { encodeMessage } from './messages.js';
import { toLatinDigits } from './text.js';
import {
  INT_MAX,
  idOrObject,
  integer,
  oneOf,
  optionalId,
  optionalText,
  plainString,
  required,
  requiredId,
  requiredText,
} from './validation.js';

/**
 * An international (+93 7xx xxx xxx, 0093...) or local Afghan number: digits after an optional
 * + or 00, 12 to 14 characters in all (SPEC 5; the form starts it with +937).
 */
export const PHONE_PATTERN = /^(\+|00)?[0-9]{9,14}$/;

export function phone() {
  return (
    plainString()
      .trim()
      .min(1, { error: required })
      // Phone keyboards in Dari and Pashto give Persian digits: +۹۳۷۰۰ is +93700.
      .transform((v) => toLatinDigits(v).replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .min(PHONE_MIN_LENGTH, { error: encodeMessage('validation.minlength') })
          .max(PHONE_MAX_LENGTH, { error: encodeMessage('validation.maxlength') })
          .superRefine((v, ctx) => {
            if (!PHONE_PATTERN.test(v))
              ctx.addIssue({ code: 'custom', message: encodeMessage('validation.mobile', { value: v }) });
          }),
      )
  );
}

/** Birth year from 1900 to the current year. */
export function birthYear(now = new Date()) {
  return integer(BIRTH_YEAR_MIN, now.getFullYear(), { type: required });
}

/** A calendar day as YYYY-MM-DD, a real date, from 1900, not after today. */
export function assessmentDate() {
  return plainString()
    .trim()
    .min(1, { error: required })
    .transform((v) => v.slice(0, 10))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: encodeMessage('validation.pattern') })
        .refine(
          (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
          {
            error: encodeMessage('validation.pattern'),
          },
        )
        .refine((v) => v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
          error: encodeMessage('validation.notFuture'),
        })
        // JavaScript takes 0000-01-01 as a date, PostgreSQL has no year 0; and no form is that old.
        .refine((v) => v >= ASSESSMENT_DATE_MIN, {
          error: encodeMessage('validation.min', { min: ASSESSMENT_DATE_MIN }),
        }),
    );
}

/**
 * The fields of an assessment as the API names them (SPEC 3, spellings kept: perminent_*, temp_* for
 * the job place, temp_address_details for the current address, `hospital` for the facility).
 */
export const assessmentFieldsSchema = z.object({
  assessment_date: assessmentDate(),
  form_no: requiredText(60),
  hr_id: optionalText(60),
  name: requiredText(120),
  lastname: requiredText(120),
  fathername: requiredText(120),
  birth_year: birthYear(),
  perminent_province_id: idOrObject(),
  perminent_district_id: idOrObject(),
  perminent_address_details: requiredText(500),
  temp_province_id: idOrObject(),
  temp_district_id: idOrObject(),
  hospital: idOrObject(),
  job_address: requiredText(500),
  temp_address_details: requiredText(500),
  marital_status: oneOf(MARITAL_STATUSES),
  gender: oneOf(GENDERS),
  department_id: idOrObject(),
  position_id: idOrObject(),
  education_level: oneOf(EDUCATION_LEVELS),
  education_field: requiredText(160),
  graduated_university: requiredText(255),
  experience: oneOf(EXPERIENCE_BANDS),
  implementing_organization: requiredText(255),
  phone: phone(),
  // Kept in Latin digits, as the duplicate check compares them (tazkiraKey): ۱۲۳۴ is 1234.
  tazkira: requiredText(60).transform(toLatinDigits),
  remarks: optionalText(2000),
});
export type AssessmentFields = z.infer<typeof assessmentFieldsSchema>;

/** The original client names the facility `hospital`; accept `hospital_id` too. */
export const assessmentDataSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('hospital' in v) && 'hospital_id' in v
      ? { ...v, hospital: (v as { hospital_id: unknown }).hospital_id }
      : v,
  assessmentFieldsSchema,
);

/**
 * Edit: the same fields, the id, and the version the edit was based on (optimistic locking). The
 * version is optional: the spec's client (SPEC 7: "multipart, same as create") never sends one, and
 * its edit applies as the original's did; a client that sends it (the web app) gets 409 when stale.
 */
export const assessmentUpdateDataSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('hospital' in v) && 'hospital_id' in v
      ? { ...v, hospital: (v as { hospital_id: unknown }).hospital_id }
      : v,
  assessmentFieldsSchema.extend({ id: requiredId(), version: optionalId() }),
);
export type AssessmentUpdateFields = z.infer<typeof assessmentUpdateDataSchema>;

/** One ranked training need; department and training may be ids or the selected objects. */
export const priorityLineSchema = z.object({
  department: idOrObject(),
  training: idOrObject(),
  priority: integer(Math.min(...PRIORITIES), Math.max(...PRIORITIES), {
    type: required,
    min: encodeMessage('validation.oneOf'),
    max: encodeMessage('validation.oneOf'),
  }),
});
export type PriorityLineInput = z.infer<typeof priorityLineSchema>;

/** At least one line, and no training twice. */
export const prioritiesSchema = z
  .array(priorityLineSchema, { error: encodeMessage('validation.priorities') })
  .min(1, { error: encodeMessage('validation.priorities') })
  .superRefine((lines, ctx) => {
    const seen = new Set<number>();
    lines.forEach((line, i) => {
      if (seen.has(line.training)) {
        ctx.addIssue({ code: 'custom', path: [i, 'training'], message: encodeMessage('validation.duplicateTraining') });
      }
      seen.add(line.training);
    });
  });

/** Fields a duplicate check compares (SPEC-silent; issue 4: same tazkira, or same person in the same facility). */
export const duplicateCheckSchema = z.object({
  id: optionalId(),
  tazkira: optionalText(60),
  name: optionalText(120),
  fathername: optionalText(120),
  birth_year: z.preprocess((v) => (v === '' ? null : v), integer(0, INT_MAX).nullish()),
  hospital: z.preprocess(
    (v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
    optionalId(),
  ),
});
export type DuplicateCheckInput = z.infer<typeof duplicateCheckSchema>;

/** POST /tnas/changestatus (SPEC 7). Remarks are required on every move. */
export const changeStatusSchema = z.object({
  staff_id: requiredId(),
  status: oneOf(['NEW', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const),
  remarks: requiredText(2000),
});
export type ChangeStatusInput = z.infer<typeof changeStatusSchema>;

// ---- Shapes the API answers -------------------------------------------------------------------

type Named = { id: number; name: string; name_en: string; name_fa: string | null; name_ps: string | null };

/** GET /tnas/bystaffid/{id}: the fields by their API names, with the nested names of SPEC 3. */
export interface AssessmentDto {
  id: number;
  assessment_date: string;
  form_no: string;
  hr_id: string | null;
  name: string;
  lastname: string;
  fathername: string;
  birth_year: number;
  perminent_province_id: number;
  perminent_district_id: number;
  perminent_address_details: string;
  temp_province_id: number;
  temp_district_id: number;
  temp_address_details: string;
  hospital_id: number;
  hospital_name: string;
  hospital: { id: number; name: string; code: string | null; type: string };
  job_address: string;
  marital_status: string;
  gender: string;
  department_id: number;
  position_id: number;
  education_level: string;
  education_field: string;
  graduated_university: string;
  experience: string;
  implementing_organization: string;
  phone: string;
  tazkira: string;
  remarks: string | null;
  status: string;
  version: number;
  created_by: number;
  created_at: string;
  updated_at: string;
  perm_province: Named;
  perm_district: Named;
  temp_province: Named;
  temp_district: Named;
  department: { id: number; name: string; name_dr: string | null; name_pa: string | null };
  position: { id: number; title_en: string; title_dr: string; title_pa: string };
}

/** A row of the assessment lists (My Assessments and the review lists). */
export interface AssessmentRowDto {
  id: number;
  name: string;
  lastname: string;
  fathername: string;
  birth_year: number;
  implementing_organization: string;
  phone: string;
  status: string;
  created_at: string;
  hospital_id: number;
  hospital_name: string;
  temp_province: Named;
  temp_district: Named;
}

/**
 * A possible duplicate of a form being typed (POST /tnas/duplicates). A form the caller may open comes
 * as its list row; of any other only that it exists and where, so they know whom to ask (its facility
 * and place), never the person's details.
 */
export type DuplicateMatchDto = (AssessmentRowDto & { restricted?: false }) | RestrictedDuplicateDto;

export interface RestrictedDuplicateDto {
  restricted: true;
  hospital_id: number;
  hospital_name: string;
  temp_province: Named;
  temp_district: Named;
}

export interface PriorityDto {
  id: number;
  priority: number;
  department: { id: number; name: string; name_dr: string | null; name_pa: string | null };
  training: { id: number; title_en: string; title_dr: string | null; title_pa: string | null };
}

export interface HistoryDto {
  id: number;
  user: { name: string; email: string };
  created_at: string;
  from_status: string | null;
  to_status: string;
  remarks: string | null;
}

// ---- The review lists (SPEC 2: Validation, Approved, Rejected, Archived) ------------------------
// Their sort columns and export file names are in constants.ts (no Zod: the web lists load them).

/** POST /tnas/search (SPEC 7): province required; district and health facility optional. */
export const assessmentSearchSchema = z.object({
  province: idOrObject(),
  district: z.preprocess(
    (v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
    optionalId(),
  ),
  health_facility: z.preprocess(
    (v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v),
    optionalId(),
  ),
  status: oneOf(['NEW', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const),
});
export type AssessmentSearchInput = z.infer<typeof assessmentSearchSchema>;
