import { z } from 'zod';
import { encodeMessage } from './messages.js';
import { hasUntypeableCharacters, toLatinDigits } from './text.js';

/** Reusable field builders whose messages are the keys of messages.ts. */
export const required = encodeMessage('validation.required');
const chooseListed = encodeMessage('validation.oneOf');

/** The largest PostgreSQL `integer`: no id or count above it can name a row. */
export const INT_MAX = 2_147_483_647;

/**
 * A builder without arguments, building its schema once: a Zod schema never changes once built, and
 * Zod 4 builds a whole schema at each step of a chain (`.int().min().max()`), so the assessment's ten
 * id fields built seventy. That was part of the task of a phone's first keystroke in New Assessment,
 * when its rules load (bench/README.md, 2026-12-01). The OpenAPI document inlines a schema used
 * twice (fastify-type-provider-zod's `reused: 'inline'`).
 */
function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/**
 * A string without control characters (or lone surrogates). Nobody types them; PostgreSQL refuses
 * NUL outright, and the others only hide text from readers. Checked on every text field, so the
 * answer names the field.
 */
export function plainString(error: string = required) {
  return z.string({ error }).refine((v) => !hasUntypeableCharacters(v), {
    error: encodeMessage('validation.controlCharacters'),
  });
}

/**
 * A whole number as JSON or a form sends it: a number, or a string of digits only (Latin, Persian or
 * Arabic-Indic, as phone keyboards give them). Anything else is left as it is so that z.number()
 * refuses it: `true`, `"0x10"`, `" 42 "`, `"1e3"`, `""` are not numbers here (z.coerce took them as
 * 1, 16, 42, 1000 and 0).
 */
export function wholeNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const latin = toLatinDigits(value);
  return /^-?[0-9]{1,16}$/.test(latin) ? Number(latin) : value;
}

/** An integer field between `min` and `max` (both kept inside PostgreSQL's integer range). */
export function integer(min: number, max: number, messages: { type?: string; min?: string; max?: string } = {}) {
  const type = messages.type ?? encodeMessage('validation.pattern');
  return z.preprocess(
    (v) => (v === '' ? undefined : wholeNumber(v)),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : type) })
      .int({ error: type })
      .min(min, { error: messages.min ?? encodeMessage('validation.min', { min }) })
      .max(max, { error: messages.max ?? encodeMessage('validation.max', { max }) }),
  );
}

/** A required, trimmed text field with an optional maximum length. */
export function requiredText(max = 255) {
  return plainString()
    .trim()
    .min(1, { error: required })
    .max(max, { error: encodeMessage('validation.maxlength') });
}

/**
 * An optional text field: empty and null become null (the client clears it), and an absent one stays
 * undefined, so that an update keeps what is stored: a client written against the spec's payloads
 * (SPEC 7) never sends the fields added since (a department's `name_dr`), and must not erase them.
 */
export function optionalText(max = 2000) {
  return plainString(encodeMessage('validation.pattern'))
    .trim()
    .max(max, { error: encodeMessage('validation.maxlength') })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));
}

/**
 * An id chosen in a select: a positive integer in PostgreSQL's range, as a number or a string of
 * digits (forms send both). Anything else is "not one of the listed values".
 */
export const requiredId = once(() => integer(1, INT_MAX, { type: chooseListed, min: chooseListed, max: chooseListed }));

/**
 * A select's value as the original client sends it: an id, a numeric string, or the selected object
 * (`{id, name}`, `{id, title_en}`). Here, not beside the reference data's forms: the assessment's
 * rules use it, and importing it from there built those five admin forms' schemas too, in the task
 * of a phone's first keystroke in New Assessment (bench/README.md, 2026-12-01).
 */
export const idOrObject = once(() =>
  z.preprocess((v) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v), requiredId()),
);

/** An optional id (`id` of an edit, an optional filter): absent, null or '' is null. */
export const optionalId = once(() => z.preprocess((v) => (v === '' ? null : v), requiredId().nullish()));

/** An enumeration value, with the "required" message when empty. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' || issue.input === null
        ? required
        : encodeMessage('validation.oneOf'),
  });
}

/** The longest email address there can be (RFC 5321); a longer one is not an address. */
export const EMAIL_MAX = 254;

/** SPEC 5: lowercase email with a 2 to 4 letter top-level domain. */
export const USER_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/;

export function userEmail() {
  return plainString()
    .trim()
    .min(1, { error: required })
    .max(EMAIL_MAX, { error: encodeMessage('validation.maxlength') })
    .regex(USER_EMAIL_PATTERN, { error: encodeMessage('validation.email') });
}
