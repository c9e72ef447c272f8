type Translate = (key: string) => string;

/**
 * Translation keys of the constant values of SPEC 9. The values are what the API stores
 * ('12 Grade', '<1'); the keys are their names in the translation files.
 */
export const EDUCATION_KEYS: Readonly<Record<string, string>> = {
  'No Formal Education': 'none',
  '12 Grade': 'grade12',
  '14 Grade': 'grade14',
  Bachelor: 'bachelor',
  Master: 'master',
  PhD: 'phd',
};

export const EXPERIENCE_KEYS: Readonly<Record<string, string>> = {
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
