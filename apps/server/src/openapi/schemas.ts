import {
  type AccountRequestDto,
  ADMIN_UNIT_TYPES,
  type AdminUnitDto,
  ASSESSMENT_STATUSES,
  type AssessmentDto,
  type AssessmentRowDto,
  type AuditEntryDto,
  type DepartmentDto,
  ERROR_CODES,
  type ErrorBody,
  type FacilityDto,
  type HistoryDto,
  type LoginResponse,
  type PasswordResetDto,
  type PositionDto,
  type PriorityDto,
  type RestrictedDuplicateDto,
  ROLES,
  type TrainingDto,
  type UserDto,
} from '@tna/domain';
import { z } from 'zod';

/**
 * The shapes the API answers, as Zod schemas for the OpenAPI document. Each is typed against the
 * domain's DTO interface (`z.ZodType<UserDto>`), so a change to an answer that is not made here too
 * fails the type check; and the API tests check every answer against them (see plugins/openapi.ts).
 * They are never used to serialise an answer: nothing is stripped and no route pays for them.
 */
export const components = z.registry<{ id: string; description?: string }>();

function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  components.add(schema, { id, ...(description ? { description } : {}) });
  return schema;
}

const id = z.number().int();
const isoTime = z.string().describe('ISO 8601 time, UTC');
const text = z.string();
const optional = z.string().nullable();

export const errorBody: z.ZodType<ErrorBody> = named(
  'Error',
  z.object({
    message: text.describe('What went wrong, in English'),
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES]),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Per field (dotted path, `priorities.0.training`), the English texts'),
    error_keys: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('The same errors as translation keys, each `key` or `key|{"param":value}`'),
    message_key: z.string().optional().describe('A translation key for `message`'),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
  'The body of every error answer (packages/domain/src/errors.ts).',
);

const placeNames = z.object({ name_en: text, name_fa: optional, name_ps: optional });
const unitRef = z.object({ id, name: text, name_en: text, name_fa: optional, name_ps: optional });
const departmentRef = z.object({ id, name: text, name_dr: optional, name_pa: optional });
const trainingRef = z.object({ id, title_en: text, title_dr: optional, title_pa: optional });
const positionRef = z.object({ id, title_en: text, title_dr: text, title_pa: text });

export const user: z.ZodType<UserDto> = named(
  'User',
  z.object({
    id,
    name: text,
    email: text,
    roles: z.array(z.object({ id, name: z.enum(ROLES) })),
    provinces: z.array(id).describe('The provinces the user works in; empty = every province'),
    created_at: isoTime,
  }),
);

export const loginAnswer: z.ZodType<LoginResponse> = named(
  'LoginAnswer',
  z.object({
    success: z.object({
      token: text.describe('Send as `Authorization: Bearer <token>`'),
      email: text,
      roles: z.array(z.enum(ROLES)),
    }),
  }),
);

export const adminUnit: z.ZodType<AdminUnitDto> = named(
  'AdminUnit',
  z.object({
    id,
    type: z.enum(ADMIN_UNIT_TYPES),
    code: optional,
    name: text.describe('The English name'),
    name_en: text,
    name_fa: optional,
    name_ps: optional,
    parent_id: id.nullable(),
  }),
);

export const facility: z.ZodType<FacilityDto> = named(
  'HealthFacility',
  z.object({
    id,
    code: optional,
    name: text,
    type: text,
    province_id: id,
    district_id: id,
    province_name: text,
    district_name: text,
    province: placeNames.optional(),
    district: placeNames.optional(),
    status: text,
    is_her_hf: z.boolean(),
    latitude: z.number().nullable(),
    longtitude: z.number().nullable().describe('Spelled so, as SPEC 3 does'),
  }),
);

export const department: z.ZodType<DepartmentDto> = named(
  'Department',
  z.object({ id, name: text, name_dr: optional, name_pa: optional, remarks: optional }),
);

export const position: z.ZodType<PositionDto> = named(
  'Position',
  z.object({
    id,
    title_en: text,
    title_dr: text,
    title_pa: text,
    department_id: id,
    department: departmentRef,
    trainings: z.array(trainingRef),
  }),
);

export const training: z.ZodType<TrainingDto> = named(
  'Training',
  z.object({
    id,
    title_en: text,
    title_dr: optional,
    title_pa: optional,
    training_type: text,
    frequency: text,
    department_id: id,
    department: departmentRef,
    positions: z.array(positionRef),
  }),
);

export const assessment: z.ZodType<AssessmentDto> = named(
  'Assessment',
  z.object({
    id,
    assessment_date: text,
    form_no: text,
    hr_id: optional,
    name: text,
    lastname: text,
    fathername: text,
    birth_year: z.number().int(),
    perminent_province_id: id,
    perminent_district_id: id,
    perminent_address_details: text,
    temp_province_id: id,
    temp_district_id: id,
    temp_address_details: text,
    hospital_id: id,
    hospital_name: text,
    hospital: z.object({ id, name: text, code: optional, type: text }),
    job_address: text,
    marital_status: text,
    gender: text,
    department_id: id,
    position_id: id,
    education_level: text,
    education_field: text,
    graduated_university: text,
    experience: text,
    implementing_organization: text,
    phone: text,
    tazkira: text,
    remarks: optional,
    status: z.enum(ASSESSMENT_STATUSES),
    version: z.number().int().describe('Send it back with an edit: a stale one answers 409'),
    created_by: id,
    created_at: isoTime,
    updated_at: isoTime,
    perm_province: unitRef,
    perm_district: unitRef,
    temp_province: unitRef,
    temp_district: unitRef,
    department: departmentRef,
    position: positionRef,
  }),
);

export const assessmentRow: z.ZodType<AssessmentRowDto> = named(
  'AssessmentRow',
  z.object({
    id,
    name: text,
    lastname: text,
    fathername: text,
    birth_year: z.number().int(),
    implementing_organization: text,
    phone: text,
    status: z.enum(ASSESSMENT_STATUSES),
    created_at: isoTime,
    hospital_id: id,
    hospital_name: text,
    temp_province: unitRef,
    temp_district: unitRef,
  }),
);

/** What a duplicate check says of a form the caller may not open: only that it exists, and where. */
export const restrictedDuplicate: z.ZodType<RestrictedDuplicateDto> = named(
  'RestrictedDuplicate',
  z.object({
    restricted: z.literal(true),
    hospital_id: id,
    hospital_name: text,
    temp_province: unitRef,
    temp_district: unitRef,
  }),
);

export const priority: z.ZodType<PriorityDto> = named(
  'PriorityLine',
  z.object({ id, priority: z.number().int(), department: departmentRef, training: trainingRef }),
);

export const history: z.ZodType<HistoryDto> = named(
  'HistoryEntry',
  z.object({
    id,
    user: z.object({ name: text, email: text }),
    created_at: isoTime,
    from_status: z.enum(ASSESSMENT_STATUSES).nullable(),
    to_status: z.enum(ASSESSMENT_STATUSES),
    remarks: optional,
  }),
);

export const auditEntry: z.ZodType<AuditEntryDto> = named(
  'AuditEntry',
  z.object({
    id,
    user_id: id.nullable(),
    user_name: optional,
    event: z.enum(['created', 'updated', 'deleted']),
    auditable_type: text,
    auditable_id: text,
    old_values: z.record(z.string(), z.unknown()).nullable(),
    new_values: z.record(z.string(), z.unknown()).nullable(),
    url: optional,
    ip_address: optional,
    user_agent: optional,
    created_at: isoTime,
  }),
);

export const errorLogEntry = named(
  'ErrorLogEntry',
  z.object({
    id,
    created_at: isoTime,
    method: text,
    route: optional,
    url: text,
    status_code: z.number().int(),
    message: text,
    stack: optional,
    user_id: id.nullable(),
    request_id: optional,
  }),
);

export const accountRequest: z.ZodType<AccountRequestDto> = named(
  'AccountRequest',
  z.object({ id, name: text, email: text, status: z.enum(['pending', 'accepted', 'refused']), created_at: isoTime }),
);

export const passwordReset: z.ZodType<PasswordResetDto> = named(
  'PasswordReset',
  z.object({
    id,
    user_id: id,
    name: text,
    email: text,
    status: z.enum(['open', 'link_created', 'used', 'closed']),
    expires_at: isoTime.nullable(),
    created_at: isoTime,
  }),
);

/** SPEC 3's paged list (Laravel's paginator): `data.{data, links, from, prev_page_url, next_page_url, ...}`. */
export function page<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.object({
      current_page: z.number().int(),
      data: z.array(row),
      first_page_url: text,
      from: z.number().int().nullable(),
      last_page: z.number().int(),
      last_page_url: text,
      links: z.array(z.object({ url: text.nullable(), label: text, active: z.boolean() })),
      next_page_url: text.nullable(),
      path: text,
      per_page: z.number().int(),
      prev_page_url: text.nullable(),
      to: z.number().int().nullable(),
      total: z.number().int(),
    }),
  });
}

/** A file answer (an Excel workbook). */
export const fileSchema = z.string().meta({ format: 'binary' });

export const list = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row) });
export const one = <T extends z.ZodType>(value: T) => z.object({ data: value });
export const success = <T extends z.ZodType>(value: T) => z.object({ success: value });
export const done = z.object({ success: z.literal(true) });
export const message = z.object({ success: z.object({ message: text }) });
