import {
  ASSESSMENT_STATUSES,
  BIRTH_YEAR_MIN,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  GENDERS,
  type Language,
  MARITAL_STATUSES,
  PRIORITIES,
} from '@tna/domain';
import {
  EDUCATION_KEYS,
  EXPERIENCE_KEYS,
  educationLabel,
  experienceLabel,
  genderLabel,
  maritalStatusLabel,
} from '../../../lib/assessment-labels';
import { gregorianYearToSolar } from '../../../lib/calendar';
import { localDigits } from '../../../lib/digits';

type Translate = (key: string) => string;

// The labels live in lib (the dashboard and analytics show them too); the form's option lists are built here.
export { educationLabel, experienceLabel, genderLabel, maritalStatusLabel } from '../../../lib/assessment-labels';

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

/** The calendar a birth year is chosen in: Solar Hijri (Dari, Pashto) or Gregorian. */
export type YearCalendar = 'solar' | 'gregorian';

/**
 * SPEC 9: birth years from the current year down to 1900, newest first. The value is always the
 * Gregorian year (what the API stores); in the Solar Hijri calendar the label is the Solar Hijri
 * year that begins in it (1986 reads 1365), in the language's digits either way.
 */
export function birthYearOptions(
  calendar: YearCalendar = 'gregorian',
  language: Language = 'en',
  now = new Date(),
): { value: string; label: string }[] {
  const years: { value: string; label: string }[] = [];
  for (let year = now.getFullYear(); year >= BIRTH_YEAR_MIN; year--) {
    const shown = calendar === 'solar' ? gregorianYearToSolar(year) : year;
    years.push({ value: String(year), label: localDigits(String(shown), language) });
  }
  return years;
}

/** SPEC 2: a health facility shown as `name / code - type`. */
export function facilityLabel(facility: { name: string; code: string | null; type: string }): string {
  return facility.code
    ? `${facility.name} / ${facility.code} - ${facility.type}`
    : `${facility.name} - ${facility.type}`;
}

/** Every key the helpers above build (checked against en.json by a test). */
export const OPTION_KEYS: readonly string[] = [
  ...MARITAL_STATUSES.map((v) => `tna.options.maritalStatus.${v}`),
  ...GENDERS.map((v) => `tna.options.gender.${v}`),
  ...EDUCATION_LEVELS.map((v) => `tna.options.education.${EDUCATION_KEYS[v]}`),
  ...EXPERIENCE_BANDS.map((v) => `tna.options.experience.${EXPERIENCE_KEYS[v]}`),
  ...ASSESSMENT_STATUSES.map((v) => `tna.statuses.${v}`),
];
