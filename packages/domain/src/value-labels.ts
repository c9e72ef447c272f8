import {
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  FACILITY_STATUSES,
  FACILITY_TYPES,
  GENDERS,
  MARITAL_STATUSES,
  ROLES,
} from './constants.js';

/**
 * The translation key of each constant value of SPEC 9, by the kind of value. The values are what the
 * API stores ('12 Grade', '<1', 'DH'); the keys name them in the translation files. An import reads a
 * value typed as its translation in any of the three languages through these.
 */
export const VALUE_LABEL_KEYS = {
  facilityType: Object.fromEntries(
    FACILITY_TYPES.map((t) => [
      t.value,
      `facilityTypes.${
        {
          'First Aid Trauma Post (FATP)': 'FATP',
          'Infectious Disease Hospital (IDH)': 'IDH',
          'First Aid Point (FAP)': 'FAP',
          'Drug Addiction Treatment Hospital': 'drugAddiction',
          Other: 'other',
        }[t.value as string] ?? t.value
      }`,
    ]),
  ),
  facilityStatus: Object.fromEntries(FACILITY_STATUSES.map((s) => [s, `facilityStatuses.${s.toLowerCase()}`])),
  maritalStatus: Object.fromEntries(MARITAL_STATUSES.map((v) => [v, `tna.options.maritalStatus.${v}`])),
  gender: Object.fromEntries(GENDERS.map((v) => [v, `tna.options.gender.${v}`])),
  education: Object.fromEntries(
    EDUCATION_LEVELS.map((v, i) => [
      v,
      `tna.options.education.${['none', 'grade12', 'grade14', 'bachelor', 'master', 'phd'][i]}`,
    ]),
  ),
  experience: Object.fromEntries(
    EXPERIENCE_BANDS.map((v, i) => [
      v,
      `tna.options.experience.${['lessThan1', 'from1to5', 'from5to10', 'from10to15', 'from15to20', 'moreThan20'][i]}`,
    ]),
  ),
  role: Object.fromEntries(ROLES.map((r) => [r, `roles.${r}`])),
  yesNo: { yes: 'common.yes', no: 'common.no' },
} as const satisfies Record<string, Record<string, string>>;
export type ValueKind = keyof typeof VALUE_LABEL_KEYS;
