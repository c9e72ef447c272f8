/**
 * The constant lists and limits of SPEC section 9. Both the server (validation, CHECK constraints,
 * seed) and the web app (select options) read them from here.
 */

export const ROLES = ['admin', 'validator', 'dataentry', 'external_viewer', 'internal_viewer'] as const;
export type Role = (typeof ROLES)[number];

export const LANGUAGES = ['en', 'ps', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['ps', 'fa'];

/**
 * SPEC 3 language option: code, name (in the language itself), shorthand and image. The images are
 * small SVG badges in the language's own script (apps/web/public/assets/lang/), not flags: a flag
 * names a country, and which flag stands for Afghanistan is itself disputed.
 */
export const LANGUAGE_OPTIONS: readonly { code: Language; name: string; shorthand: string; image: string }[] = [
  { code: 'en', name: 'English', shorthand: 'EN', image: '/assets/lang/en.svg' },
  { code: 'ps', name: 'پښتو', shorthand: 'PS', image: '/assets/lang/ps.svg' },
  { code: 'fa', name: 'فارسی', shorthand: 'FA', image: '/assets/lang/fa.svg' },
];
export const TRANSLATION_LOAD_RETRIES = 2;
export const APP_VERSION = '1.0';

export const API_BASE_PATH = '/api';

/**
 * The header with the change mark of a write: on the server's answer to every request that may have
 * written, and, optionally, on a client's later requests, so that whichever server instance answers
 * reads the database until it has heard that change (read-your-writes behind a load balancer).
 */
export const CHANGE_MARK_HEADER = 'X-TNA-Change';
export const DASHBOARD_REFRESH_MS = 120_000;
export const TOAST_TIMEOUT_MS = 3_000;

export const LOGIN_PASSWORD_MIN = 4;
export const USER_PASSWORD_MIN = 8;
export const USER_PASSWORD_MAX = 32;

export const PHONE_PREFIX = '+937';
export const PHONE_MIN_LENGTH = 12;
export const PHONE_MAX_LENGTH = 14;

export const BIRTH_YEAR_MIN = 1900;
export const GENERAL_YEAR_MIN = 1980;

export const MARITAL_STATUSES = ['single', 'married'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const EDUCATION_LEVELS = ['No Formal Education', '12 Grade', '14 Grade', 'Bachelor', 'Master', 'PhD'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const EXPERIENCE_BANDS = ['<1', '1-5', '5-10', '10-15', '15-20', '20>'] as const;
export type ExperienceBand = (typeof EXPERIENCE_BANDS)[number];

export const PRIORITIES = [1, 2, 3, 4, 5] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TRAINING_FREQUENCIES = ['one time', '6 months', '1 year', '2 years', '3 years'] as const;
export type TrainingFrequency = (typeof TRAINING_FREQUENCIES)[number];

export const TRAINING_TYPES = ['Initial', 'Follow-up'] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];

/** Facility types: the coded ones (value, label) and the free-text ones, whose value is the label. */
export const FACILITY_TYPES = [
  { value: 'NH', label: 'National Hospital' },
  { value: 'SH', label: 'Special Hospital' },
  { value: 'RH', label: 'Regional Hospital' },
  { value: 'PH', label: 'Provincial Hospital' },
  { value: 'DH', label: 'District Hospital' },
  { value: 'CHC', label: 'Comprehensive Health Center' },
  { value: 'BHC', label: 'Basic Health Center' },
  { value: 'SHC', label: 'Sub Health Center' },
  { value: 'FHH', label: 'Family Health House' },
  { value: 'MHT', label: 'Mobile Health Team' },
  { value: 'First Aid Trauma Post (FATP)', label: 'First Aid Trauma Post (FATP)' },
  { value: 'Infectious Disease Hospital (IDH)', label: 'Infectious Disease Hospital (IDH)' },
  { value: 'First Aid Point (FAP)', label: 'First Aid Point (FAP)' },
  { value: 'Drug Addiction Treatment Hospital', label: 'Drug Addiction Treatment Hospital' },
  { value: 'Other', label: 'Other' },
] as const;
export const FACILITY_TYPE_VALUES = FACILITY_TYPES.map((t) => t.value) as [string, ...string[]];

export const FACILITY_STATUSES = ['Existing', 'Closed'] as const;
export type FacilityStatus = (typeof FACILITY_STATUSES)[number];

export const ADMIN_UNIT_TYPES = ['province', 'district'] as const;
export type AdminUnitType = (typeof ADMIN_UNIT_TYPES)[number];

export const AUDIT_EVENTS = ['created', 'updated', 'deleted'] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const ARCHIVE_REASONS = ['Duplicate', 'Wrong Entry'] as const;
export type ArchiveReason = (typeof ARCHIVE_REASONS)[number];

/** Storage keys in the browser (SPEC section 3 and 9). */
export const STORAGE_KEYS = {
  token: 'token',
  email: 'email',
  roles: 'roles',
} as const;

/** The record types the audit trail names (`auditable_type`). */
export const AUDITABLE_TYPES = [
  'User',
  'Province',
  'District',
  'HealthFacility',
  'Department',
  'Position',
  'Training',
  'Assessment',
  'AccountRequest',
  'PasswordReset',
] as const;
export type AuditableType = (typeof AUDITABLE_TYPES)[number];

/** Columns the lists sort by (SPEC 9), plus the date entered; across all pages, on the server. */
export const ASSESSMENT_SORTS = [
  'province',
  'district',
  'health_facility',
  'name',
  'fathername',
  'birth_year',
  'implementing_organization',
  'phone',
  'created_at',
] as const;
export type AssessmentSort = (typeof ASSESSMENT_SORTS)[number];

/** The file name prefixes of the Excel export (SPEC 7). */
export const EXPORT_PREFIXES = {
  NEW: 'validation_records',
  APPROVED: 'approved_records',
  REJECTED: 'rejected_records',
  ARCHIVED: 'archived_records',
} as const;

/**
 * The earliest assessment date accepted. Here, not beside the schema that checks it: the form's date
 * field needs it at start, and a page that imports assessment.ts builds its schemas (and loads Zod).
 */
export const ASSESSMENT_DATE_MIN = '1900-01-01';
