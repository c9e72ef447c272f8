import type { Language } from '@tna/domain';

/** Locales for dates and lists: Afghan Dari and Pashto month names, day-month-year order in English. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' };

/** SPEC 2 'Member since': day, short month, year, in the active language. */
export function formatDate(value: string | Date | null | undefined, language: Language): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "a, b and c" in the active language. */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(LOCALES[language], { style: 'narrow', type: 'unit' }).format(items);
}
