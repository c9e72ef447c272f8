import { type AssessmentDto, PHONE_PREFIX, type PriorityDto } from '@tna/domain';

// The form's values without its rules: what the drafts and the outbox need. Kept apart from
// assessment-values.ts (the rules, built with Zod) so that the signed-in shell, which checks the
// drafts at start, does not load Zod and build every schema before a page that needs none (the
// dashboard, the lists): issue 15's script budget and Total Blocking Time.

/** A training need added in section 6, by ids (as the API takes it and as a draft keeps it). */
export interface PriorityRow {
  department: number;
  training: number;
  priority: number;
}

/**
 * The form's values by the API's field names (SPEC 3 spellings). Selects hold their option value as
 * text (null when nothing is chosen); the schema turns them into numbers when the form is sent.
 */
export interface AssessmentFormValues {
  assessment_date: string;
  form_no: string;
  hr_id: string;
  name: string;
  lastname: string;
  fathername: string;
  birth_year: string | null;
  perminent_province_id: string | null;
  perminent_district_id: string | null;
  perminent_address_details: string;
  temp_province_id: string | null;
  temp_district_id: string | null;
  hospital: string | null;
  job_address: string;
  marital_status: string | null;
  gender: string | null;
  temp_address_details: string;
  department_id: string | null;
  position_id: string | null;
  education_level: string | null;
  education_field: string;
  graduated_university: string;
  experience: string | null;
  implementing_organization: string;
  phone: string;
  tazkira: string;
  remarks: string;
  priorities: PriorityRow[];
}

/**
 * Each section's fields in the order the form shows them: what a section watches to render again
 * (sameSection), and, one section after another, the order errors are scrolled to.
 */
export const SECTION_FIELDS = {
  personal: ['assessment_date', 'form_no', 'hr_id', 'name', 'lastname', 'fathername', 'birth_year'],
  place: [
    'perminent_province_id',
    'perminent_district_id',
    'perminent_address_details',
    'temp_province_id',
    'temp_district_id',
    'hospital',
    'job_address',
  ],
  background: [
    'marital_status',
    'gender',
    'temp_address_details',
    'department_id',
    'position_id',
    'education_level',
    'education_field',
    'graduated_university',
    'experience',
    'implementing_organization',
    'phone',
    'tazkira',
    'remarks',
  ],
} as const satisfies Record<string, readonly (keyof AssessmentFormValues)[]>;

/** The fields in the order the form shows them: the first one with an error is scrolled to. */
export const FIELD_ORDER: readonly (keyof AssessmentFormValues)[] = [
  ...SECTION_FIELDS.personal,
  ...SECTION_FIELDS.place,
  ...SECTION_FIELDS.background,
  'priorities',
];

/** Today as YYYY-MM-DD in the officer's own time zone (not UTC, which may still be yesterday). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new, empty form: today's date and the phone prefix of SPEC 9. */
export function emptyValues(): AssessmentFormValues {
  return {
    assessment_date: today(),
    form_no: '',
    hr_id: '',
    name: '',
    lastname: '',
    fathername: '',
    birth_year: null,
    perminent_province_id: null,
    perminent_district_id: null,
    perminent_address_details: '',
    temp_province_id: null,
    temp_district_id: null,
    hospital: null,
    job_address: '',
    marital_status: null,
    gender: null,
    temp_address_details: '',
    department_id: null,
    position_id: null,
    education_level: null,
    education_field: '',
    graduated_university: '',
    experience: null,
    implementing_organization: '',
    phone: PHONE_PREFIX,
    tazkira: '',
    remarks: '',
    priorities: [],
  };
}

/** True when nothing has been typed yet (the date is filled in by itself, so it does not count). */
export function isBlank(values: AssessmentFormValues): boolean {
  const empty = emptyValues();
  return FIELD_ORDER.every((field) => {
    if (field === 'assessment_date') return true;
    if (field === 'priorities') return values.priorities.length === 0;
    const value = values[field];
    return value === empty[field] || value === '' || value === null;
  });
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const choice = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/**
 * A stored draft's values, made safe to put into the form: unknown keys dropped, missing ones
 * filled, wrong types emptied (a draft may come from an older version of the app).
 */
export function sanitizeValues(raw: unknown): AssessmentFormValues {
  const base = emptyValues();
  if (!raw || typeof raw !== 'object') return base;
  const source = raw as Record<string, unknown>;
  const out = { ...base } as Record<string, unknown>;
  for (const field of FIELD_ORDER) {
    if (field === 'priorities') continue;
    if (!(field in source)) continue;
    out[field] = base[field] === null ? choice(source[field]) : text(source[field]);
  }
  const rows = Array.isArray(source.priorities) ? source.priorities : [];
  out.priorities = rows
    .map((row) => {
      const r = (row ?? {}) as Record<string, unknown>;
      return { department: Number(r.department), training: Number(r.training), priority: Number(r.priority) };
    })
    .filter((r) => r.department > 0 && r.training > 0 && r.priority > 0);
  return out as unknown as AssessmentFormValues;
}

/** The form filled from a saved assessment and its priority lines (Edit). */
export function valuesFromDto(dto: AssessmentDto, priorities: readonly PriorityDto[]): AssessmentFormValues {
  const id = (n: number | null | undefined) => (n ? String(n) : null);
  return {
    assessment_date: dto.assessment_date.slice(0, 10),
    form_no: dto.form_no,
    hr_id: dto.hr_id ?? '',
    name: dto.name,
    lastname: dto.lastname,
    fathername: dto.fathername,
    birth_year: id(dto.birth_year),
    perminent_province_id: id(dto.perminent_province_id),
    perminent_district_id: id(dto.perminent_district_id),
    perminent_address_details: dto.perminent_address_details,
    temp_province_id: id(dto.temp_province_id),
    temp_district_id: id(dto.temp_district_id),
    hospital: id(dto.hospital_id ?? dto.hospital?.id),
    job_address: dto.job_address,
    marital_status: dto.marital_status || null,
    gender: dto.gender || null,
    temp_address_details: dto.temp_address_details,
    department_id: id(dto.department_id),
    position_id: id(dto.position_id),
    education_level: dto.education_level || null,
    education_field: dto.education_field,
    graduated_university: dto.graduated_university,
    experience: dto.experience || null,
    implementing_organization: dto.implementing_organization,
    phone: dto.phone,
    tazkira: dto.tazkira,
    remarks: dto.remarks ?? '',
    priorities: priorities.map((p) => ({ department: p.department.id, training: p.training.id, priority: p.priority })),
  };
}
