import type { Language } from '@tna/domain';
import { isoToSolar, type SolarDay, solarDayOf, solarMonthNames, usesSolarHijri } from './calendar';
import { formatNumber, localDigits } from './digits';

/**
 * How the app writes dates, times and numbers: every screen goes through here, so Dari and Pashto
 * get the Solar Hijri calendar with Afghan month names and Eastern Arabic-Indic digits
 * (`./calendar`, `./digits`), English the Gregorian calendar and Latin digits.
 */
export { formatNumber };

/** Locales for lists. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' };

/** "۳۰ عقرب ۱۴۰۴": day, Afghan month name, year. */
export function formatSolarDay(day: SolarDay, language: Language): string {
  const month = solarMonthNames(language)[day.month - 1] ?? '';
  return localDigits(`${day.day} ${month} ${day.year}`, language);
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// English dates and times as Intl's en-GB writes them ("5 Sept 2026", "09:05"; format.test.ts
// compares every month and minute with Intl), without it: a page's first Intl formatter costs a
// cheap phone's main thread 70-200 ms while ICU loads its data, in the middle of a render (the user
// menu's "Member since" on every page, the dates of a list: issue 15's Total Blocking Time). Dari
// and Pashto dates are Solar Hijri, from ./calendar.
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** SPEC 2 'Member since': day, short month, year, in the active language's calendar. */
export function formatDate(value: string | Date | null | undefined, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  if (usesSolarHijri(language)) return formatSolarDay(solarDayOf(date), language);
  return `${date.getDate()} ${ENGLISH_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * A calendar day stored as YYYY-MM-DD (the assessment date): the same day whatever the reader's time
 * zone, in the active language's calendar.
 */
export function formatDay(iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  if (usesSolarHijri(language)) {
    const day = isoToSolar(iso);
    return day ? formatSolarDay(day, language) : '';
  }
  // Noon, so no time zone moves it to another day.
  return formatDate(`${iso.slice(0, 10)}T12:00:00`, language);
}

/**
 * The message beside a range's "To" day when it comes before "From": such a range finds nothing,
 * and a list that is only empty does not say why.
 */
export function rangeError(
  from: string,
  to: string,
  language: Language,
  t: (key: string, values: Record<string, string>) => string,
): string | undefined {
  return from && to && to < from ? t('validation.min', { min: formatDay(from, language) }) : undefined;
}

/** "a, b, c" in the active language. */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language === 'ps' ? 'fa-AF' : LOCALES[language], { style: 'narrow', type: 'unit' }).format(
    items,
  );
}

/** A moment (audit entries): the date as `formatDate` writes it, then hours and minutes in local time. */
export function formatDateTime(value: string | Date | null | undefined, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  const day = formatDate(date, language);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return language === 'en' ? `${day}, ${time}` : `${day}، ${localDigits(time, language)}`;
}
