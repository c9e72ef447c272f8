import type { Language } from '@tna/domain';

/** Locales for dates and lists: Afghan Dari and Pashto, day-month-year order in English. */
const LOCALES: Record<Language, string> = { en: 'en-GB', fa: 'fa-AF', ps: 'ps-AF' };

/** The Solar Hijri months as named in Pashto in Afghanistan (browsers often lack Pashto data). */
const PASHTO_MONTHS = [
  'وری',
  'غویی',
  'غبرګولی',
  'چنګاښ',
  'زمری',
  'وږی',
  'تله',
  'لړم',
  'لیندۍ',
  'مرغومی',
  'سلواغه',
  'کب',
];
const EASTERN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

function easternDigits(value: number): string {
  return String(value).replace(/\d/g, (d) => EASTERN_DIGITS[Number(d)] ?? d);
}

function formatPashtoDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('fa-AF-u-ca-persian-nu-latn', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const month = PASHTO_MONTHS[part('month') - 1];
  if (!month) return date.toISOString().slice(0, 10);
  return `${easternDigits(part('day'))} ${month} ${easternDigits(part('year'))}`;
}

/** SPEC 2 'Member since': day, short month, year, in the active language. */
export function formatDate(value: string | Date | null | undefined, language: Language): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (language === 'ps') return formatPashtoDate(date);
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "a, b, c" in the active language. */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language === 'ps' ? 'fa-AF' : LOCALES[language], { style: 'narrow', type: 'unit' }).format(
    items,
  );
}

/** A moment (audit entries): the date as `formatDate` writes it, then hours and minutes in local time. */
export function formatDateTime(value: string | Date | null | undefined, language: Language): string {
  const day = formatDate(value, language);
  if (!day || !value) return '';
  const date = value instanceof Date ? value : new Date(value);
  const time = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fa-AF', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return language === 'en' ? `${day}, ${time}` : `${day}، ${time}`;
}
