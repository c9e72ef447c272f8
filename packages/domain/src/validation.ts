import { z } from 'zod';
import { encodeMessage } from './messages.js';

/** Reusable field builders whose messages are the keys of messages.ts. */
export const required = encodeMessage('validation.required');

/** A required, trimmed text field with an optional maximum length. */
export function requiredText(max = 255) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: encodeMessage('validation.maxlength') });
}

/** An optional text field: empty and null become null. */
export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, { error: encodeMessage('validation.maxlength') })
    .nullish()
    .transform((v) => (v ? v : null));
}

/** An id chosen in a select: accepts numbers and numeric strings (forms send both). */
export function requiredId() {
  return z.coerce.number({ error: required }).int({ error: required }).positive({ error: required });
}

/** An enumeration value, with the "required" message when empty. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? required
        : encodeMessage('validation.oneOf'),
  });
}

/** SPEC 5: lowercase email with a 2 to 4 letter top-level domain. */
export const USER_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export function userEmail() {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(USER_EMAIL_PATTERN, { error: encodeMessage('validation.email') });
}

/**
 * Turn a Zod error into field errors (field -> encoded message keys). Nested paths are joined with
 * dots (`priorities.2.training`); errors without a path land on `_form`.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_form';
    const list = out[field] ?? [];
    out[field] = list;
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
