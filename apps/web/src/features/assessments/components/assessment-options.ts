import {
  ASSESSMENT_STATUSES,
  BIRTH_YEAR_MIN,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  GENDERS,
  MARITAL_STATUSES,
  PRIORITIES,
} from '@tna/domain';

type Translate = (key: string) => string;

/**
 * Translation keys of the constant values of SPEC 9. The values are what the API stores
 * ('12 Grade', '<1'); the keys are their names in the translation files.
 */
const EDUCATION_KEYS: Readonly<Record<string, string>> = {
  'No Formal Education': 'none',
  '12 Grade': 'grade12',
  '14 Grade': 'grade14',
  Bachelor: 'bachelor',
  Master: 'master',
  PhD: 'phd',
};

const EXPERIENCE_KEYS: Readonly<Record<string, string>> = {
  '<1': 'lessThan1',
  '1-5': 'from1to5',
  '5-10': 'from5to10',
  '10-15': 'from10to15',
  '15-20': 'from15to20',
  '20>': 'moreThan20',
};

function label(t: Translate, group: string, keys: Readonly<Record<string, string>> | null, value: string): string {
  if (!value) return '';
  const key = keys ? keys[value] : value;
  return key ? t(`tna.options.${group}.${key}`) : value;
}

export const maritalStatusLabel = (t: Translate, value: string) => label(t, 'maritalStatus', null, value);
export const genderLabel = (t: Translate, value: string) => label(t, 'gender', null, value);
export const educationLabel = (t: Translate, value: string) => label(t, 'education', EDUCATION_KEYS, value);
export const experienceLabel = (t: Translate, value: string) => label(t, 'experience', EXPERIENCE_KEYS, value);
export const statusLabel = (t: Translate, value: string | null) =>
  value && (ASSESSMENT_STATUSES as readonly string[]).includes(value) ? t(`tna.statuses.${value}`) : (value ?? '');

export function maritalStatusOptions(t: Translate) {
  return MARITAL_STATUSES.map((value) => ({ value, label: maritalStatusLabel(t, value) }));
}
export function genderOptions(t: Translate) {
  return GENDERS.map((value) => ({ value, label: genderLabel(t, value) }));
}
export function educationOptions(t: Translate) {
  return EDUCATION_LEVELS.map((value) => ({ value, label: educationLabel(t, value) }));
}
export function experienceOptions(t: Translate) {
  return EXPERIENCE_BANDS.map((value) => ({ value, label: experienceLabel(t, value) }));
}
export const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: String(p), label: String(p) }));

/** SPEC 9: birth years from the current year down to 1900, newest first. */
export function birthYearOptions(now = new Date()): string[] {
  const years: string[] = [];
  for (let year = now.getFullYear(); year >= BIRTH_YEAR_MIN; year--) years.push(String(year));
  return years;
}

/** SPEC 2: a health facility shown as `name / code - type`. */
export function facilityLabel(facility: { name: string; code: string | null; type: string }): string {
  return facility.code
    ? `${facility.name} / ${facility.code} - ${facility.type}`
    : `${facility.name} - ${facility.type}`;
}

/** Badge colours of the statuses (SPEC 4). */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  NEW: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  ARCHIVED: 'gray',
};

/** Every key the helpers above build (checked against en.json by a test). */
export const OPTION_KEYS: readonly string[] = [
  ...MARITAL_STATUSES.map((v) => `tna.options.maritalStatus.${v}`),
  ...GENDERS.map((v) => `tna.options.gender.${v}`),
  ...EDUCATION_LEVELS.map((v) => `tna.options.education.${EDUCATION_KEYS[v]}`),
  ...EXPERIENCE_BANDS.map((v) => `tna.options.experience.${EXPERIENCE_KEYS[v]}`),
  ...ASSESSMENT_STATUSES.map((v) => `tna.statuses.${v}`),
];
