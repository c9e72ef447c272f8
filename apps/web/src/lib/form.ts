import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { decodeMessage, fieldErrorsOf, LANGUAGES, type Language, renderMessage } from '@tna/domain';
import type { z } from 'zod';
import { ApiError } from './api-error';

/** The part of i18next these helpers use. */
export interface Translator {
  t: (key: string, options?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
  resolvedLanguage?: string;
}

/**
 * Render an encoded message (`validation.min|{"min":1900}`) in the active language. Texts that are
 * not keys (plain English from an older server) are shown as they are.
 */
export function translateMessage(i18n: Translator, encoded: string): string {
  const { key, params } = decodeMessage(encoded);
  if (key.startsWith('validation.') && i18n.exists(key)) {
    // A value that names a field (the confirmPassword message's `password`) is shown by its label.
    const shown = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' && i18n.exists(`validation.values.${value}`)
          ? i18n.t(`validation.values.${value}`)
          : value,
      ]),
    );
    return i18n.t(key, shown);
  }
  return renderMessage(encoded);
}

/** A Mantine form validator from a domain Zod schema; errors stay encoded until they are shown. */
export function zodValidator(schema: z.ZodType): (values: unknown) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const [field, messages] of Object.entries(fieldErrorsOf(result.error))) errors[field] = messages[0];
    return errors;
  };
}

/** For `useForm({ enhanceGetInputProps })`: shows each field's error in the active language. */
export function translatedErrors(i18n: Translator) {
  return ({ inputProps }: { inputProps: GetInputPropsReturnType }) =>
    typeof inputProps.error === 'string' ? { error: translateMessage(i18n, inputProps.error) } : undefined;
}

interface ErrorTarget {
  setFieldError: (path: never, error: string) => void;
}

/**
 * Put the server's field errors (422) on the form. `error_keys` are preferred because they can be
 * translated; the English `errors` are the fallback. Returns true when at least one field got one.
 */
export function applyServerErrors(form: ErrorTarget, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const source = Object.keys(error.errorKeys).length ? error.errorKeys : error.errors;
  let applied = false;
  for (const [field, messages] of Object.entries(source)) {
    const first = messages[0];
    if (!first || field === '_form') continue;
    (form.setFieldError as (path: string, error: string) => void)(field, first);
    applied = true;
  }
  return applied;
}

/** The records a 409 'in use' answer names (`params.what`, in the server's English), by translation key. */
export const IN_USE_SUBJECTS: Readonly<Record<string, string>> = {
  'This department': 'department',
  'This district': 'district',
  'This health facility': 'healthFacility',
  'This position': 'position',
  'This training': 'training',
  'This user': 'user',
};

/** The kinds of records a 409 'in use' answer counts (one numeric parameter each), by translation key. */
export const USAGE_KINDS: Readonly<Record<string, string>> = {
  positions: 'positions',
  trainings: 'trainings',
  assessments: 'assessments',
  'priority lines': 'priorityLines',
  'health facilities': 'healthFacilities',
  'history entries': 'historyEntries',
};

/**
 * 'This department cannot be deleted: it is used by 3 positions, 1 assessment.' in the active
 * language, each count with the plural form the language needs. Null when the answer names something
 * this client has no words for, so the server's English is shown instead of a sentence that hides it.
 */
function describeInUse(i18n: Translator, params: Record<string, string | number>): string | null {
  const subject = IN_USE_SUBJECTS[String(params.what)];
  if (!subject) return null;
  const parts: string[] = [];
  for (const [kind, value] of Object.entries(params)) {
    if (kind === 'what' || kind === 'usage' || typeof value !== 'number' || value <= 0) continue;
    const key = USAGE_KINDS[kind];
    if (!key) return null;
    parts.push(i18n.t(`conflict.kinds.${key}`, { count: value }));
  }
  if (!parts.length) return null;
  const active = i18n.resolvedLanguage as Language;
  const locale = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' }[LANGUAGES.includes(active) ? active : 'en'];
  return i18n.t('conflict.inUse', {
    what: i18n.t(`conflict.subjects.${subject}`),
    usage: new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(parts),
  });
}

/** The server's `message_key` (409 answers) in the active language, or null when there is no text for it. */
function translateMessageKey(i18n: Translator, error: ApiError): string | null {
  const key = error.messageKey;
  if (!key || !i18n.exists(key)) return null;
  if (key === 'conflict.inUse') return describeInUse(i18n, error.params);
  return i18n.t(key, error.params);
}

/** A translated sentence for an error that is not about one field. */
export function describeError(i18n: Translator, error: unknown): string {
  if (error instanceof ApiError) {
    const formKeys = error.errorKeys._form;
    if (formKeys?.[0]) return translateMessage(i18n, formKeys[0]);
    const keyed = translateMessageKey(i18n, error);
    if (keyed) return keyed;
    // The server words its messages in English; its own text says most in an English interface.
    const serverWords = error.status > 0 && !error.message.startsWith('HTTP ');
    if (error.code === 'RATE_LIMITED' && serverWords) return error.message;
    if (i18n.resolvedLanguage === 'en' && serverWords) return error.message;
    const key = `errors.${error.code}`;
    return i18n.exists(key) ? i18n.t(key) : error.message;
  }
  return i18n.t('errors.UNKNOWN');
}
