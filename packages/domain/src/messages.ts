/**
 * Validation messages. Schemas carry message *keys* (optionally with parameters, encoded as
 * `key|{"min":1900}`); the server renders them in English for API clients, and the web app renders
 * them through i18next in the active language. The English texts are SPEC section 5's, word for word.
 */
export const VALIDATION_MESSAGES = {
  'validation.required': 'This field is required',
  'validation.email': 'This field should match the pattern of email address',
  'validation.pattern': 'This field should match the pattern',
  'validation.minlength': 'This field length is shorter then it should be',
  'validation.maxlength': 'This field length is longer then it should be',
  'validation.min': 'This field should equal or greater than {min}',
  'validation.max': 'This field should equal or less than {max}',
  'validation.unique': 'This value is already taken: {value}',
  'validation.mobile': 'This field should be a valid phone number: {value}',
  // SPEC 5: the confirmPassword message carries a value: the field it must equal.
  'validation.confirmPassword': 'The passwords do not match: this field should equal the {value} field',
  'validation.oneOf': 'Choose one of the listed values',
  'validation.exists': 'The chosen item does not exist',
  'validation.lastAdmin': 'The last admin cannot lose the admin role',
  'validation.provinceScope': 'You can only enter forms of the provinces you work in',
  'validation.districtProvince': 'The district does not belong to the chosen province',
  'validation.facilityDistrict': 'The health facility is not in the chosen district',
  'validation.trainingDepartment': 'The training does not belong to the chosen department',
  'validation.duplicateTraining': 'This training is already in the list',
  'validation.priorities': 'Add at least one training priority',
  'validation.notFuture': 'The date cannot be in the future',
  'validation.controlCharacters': 'This field must not contain control characters',
  'validation.idempotencyKeyReused':
    'An earlier submit of this form was already saved (number {id}), before these changes, which were not saved. Open it from My Assessments to change it.',
  'validation.resetLink':
    'This link is not valid any more: it was used, it expired, or it was replaced. Ask an administrator for a new one.',
} as const;
export type MessageKey = keyof typeof VALIDATION_MESSAGES;

export function encodeMessage(key: MessageKey, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function decodeMessage(encoded: string): { key: string; params: Record<string, string | number> } {
  const bar = encoded.indexOf('|');
  if (bar < 0) return { key: encoded, params: {} };
  try {
    return { key: encoded.slice(0, bar), params: JSON.parse(encoded.slice(bar + 1)) };
  } catch {
    return { key: encoded.slice(0, bar), params: {} };
  }
}

/** Render an encoded message in English (for API answers and logs). */
export function renderMessage(encoded: string): string {
  const { key, params } = decodeMessage(encoded);
  const template = (VALIDATION_MESSAGES as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
