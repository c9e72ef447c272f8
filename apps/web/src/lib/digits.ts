import { type Language, toLatinDigits, toPersianDigits } from '@tna/domain';

/**
 * The one rule for digits: what the app writes (counts, page numbers, dates, times) is in the
 * reader's digits, Eastern Arabic-Indic (۰-۹) in Dari and Pashto and Latin in English. What a user
 * typed (codes, phone and tazkira numbers, form numbers) is shown as typed, and inputs take either
 * kind: the domain's schemas turn them into Latin digits before checking them.
 */
export function usesEasternDigits(language: Language): boolean {
  return language !== 'en';
}

/** Text the app made, in the language's digits. Not for what a user typed. */
export function localDigits(text: string, language: Language): string {
  return usesEasternDigits(language) ? toPersianDigits(text) : toLatinDigits(text);
}

// `arabext` is the Eastern Arabic-Indic set of Dari and Pashto. Pashto uses the Dari locale's
// grouping: browsers often have no Pashto number data and would fall back to Latin digits.
const NUMBER_LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF-u-nu-arabext', ps: 'fa-AF-u-nu-arabext' };
const numberFormats = new Map<Language, Intl.NumberFormat>();
// What those locales put between groups of three digits: Intl's own (digits.test.ts compares).
const GROUP_SEPARATORS: Record<Language, string> = { en: ',', fa: '\u066C', ps: '\u066C' };

/** A count, a page number, a score: grouped and in the active language's digits. */
export function formatNumber(value: number, language: Language): string {
  // Counts and page numbers, nearly all the app writes, are written here as Intl writes them, but
  // without it: a page's first Intl formatter costs a cheap phone's main thread 70-200 ms while ICU
  // loads its data, in the middle of the render that shows the figures (issue 15's Total Blocking
  // Time: the dashboard's tiles, a list's page links).
  if (Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0)) {
    const grouped = String(value).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATORS[language]);
    return usesEasternDigits(language) ? toPersianDigits(grouped) : grouped;
  }
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language]);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** Typed text with any kind of digits, as Latin digits (inputs accept both kinds). */
export { toLatinDigits };
