import type { Language } from '@tna/domain';

const LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' };

/** A count in the active language's digits and grouping. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value);
}
