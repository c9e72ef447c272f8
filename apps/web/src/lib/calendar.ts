import type { Language } from '@tna/domain';
import { getDate, getDaysInMonth, getMonth, getYear, newDate } from 'date-fns-jalali';

/**
 * The Solar Hijri calendar as Afghanistan writes it. The arithmetic is date-fns-jalali's; this
 * file only names the months (Afghan names, not the Iranian Farvardin...) and moves between the
 * form's ISO days (YYYY-MM-DD, what the API stores) and Solar Hijri day, month and year.
 */

/** Hamal ... Hut in Dari. */
export const DARI_MONTHS = [
  'حمل',
  'ثور',
  'جوزا',
  'سرطان',
  'اسد',
  'سنبله',
  'میزان',
  'عقرب',
  'قوس',
  'جدی',
  'دلو',
  'حوت',
] as const;

/** Wray ... Kab in Pashto, written with the Pashto letters (ګ), as Afghan Pashto texts do. */
export const PASHTO_MONTHS = [
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
] as const;

/** Whether dates are entered and shown in the Solar Hijri calendar (Dari and Pashto). */
export function usesSolarHijri(language: Language): boolean {
  return language !== 'en';
}

/** The Solar Hijri month names of a language (Dari names for English, which does not use them). */
export function solarMonthNames(language: Language): readonly string[] {
  return language === 'ps' ? PASHTO_MONTHS : DARI_MONTHS;
}

/** A Solar Hijri day: year, month 1-12, day 1-31. */
export interface SolarDay {
  year: number;
  month: number;
  day: number;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A day of a local Date as YYYY-MM-DD (local, like the form's `today()`). */
function isoOf(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The Solar Hijri day of a moment, in local time. */
export function solarDayOf(date: Date): SolarDay {
  return { year: getYear(date), month: getMonth(date) + 1, day: getDate(date) };
}

/** YYYY-MM-DD (Gregorian) as a Solar Hijri day; null when it is not a real day. */
export function isoToSolar(iso: string): SolarDay | null {
  const match = ISO_DAY.exec(iso.slice(0, 10));
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Noon, so no daylight-saving change moves it to another day.
  const date = new Date(year, month - 1, day, 12);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return solarDayOf(date);
}

/** The number of days of a Solar Hijri month (29 to 31). */
export function solarDaysInMonth(year: number, month: number): number {
  return getDaysInMonth(newDate(year, month - 1, 1, 12));
}

/** A Solar Hijri day as YYYY-MM-DD (Gregorian); null when the day is not in that month. */
export function solarToIso({ year, month, day }: SolarDay): string | null {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return null;
  if (day > solarDaysInMonth(year, month)) return null;
  return isoOf(newDate(year, month - 1, day, 12));
}

/**
 * The Gregorian year a Solar Hijri year is stored as: the year of its first day (1 Hamal, in
 * March). A birth year written as 1365 is stored as 1986.
 */
export function solarYearToGregorian(year: number): number {
  return newDate(year, 0, 1, 12).getFullYear();
}

/** The Solar Hijri year that begins in a Gregorian year (the inverse of `solarYearToGregorian`). */
export function gregorianYearToSolar(year: number): number {
  // 1 July lies after 1 Hamal in every year, so it is in the Solar Hijri year that began that March.
  return getYear(new Date(year, 6, 1, 12));
}

/**
 * The calendar a day is entered in: the one the language shows dates in. English enters the
 * Gregorian day in the same three selects as Dari and Pashto (components/day-input.tsx), not in
 * a browser date picker: Chromium builds a date field's parts and loads its locale data the first
 * time one is made, 70-100 ms of a slow phone's main thread as New Assessment opened (issue 15).
 */
export type Calendar = 'solar' | 'gregorian';

/** The first day a date range of the system's own records offers (logs, performance): none is older. */
export const FIRST_RECORD_DAY = '2020-01-01';

export function calendarOf(language: Language): Calendar {
  return usesSolarHijri(language) ? 'solar' : 'gregorian';
}

const GREGORIAN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A day of `calendar`: year, month 1-12, day 1-31. */
export type CalendarDay = SolarDay;

/** The day of a moment in local time, in `calendar`. */
export function calendarDayOf(date: Date, calendar: Calendar): CalendarDay {
  return calendar === 'solar'
    ? solarDayOf(date)
    : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** YYYY-MM-DD (Gregorian) as a day of `calendar`; null when it is not a real day. */
export function isoToCalendarDay(iso: string, calendar: Calendar): CalendarDay | null {
  const solar = isoToSolar(iso);
  if (!solar || calendar === 'solar') return solar;
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The number of days of a month of `calendar`. */
export function daysInCalendarMonth(calendar: Calendar, year: number, month: number): number {
  // Day 0 of the next month is this month's last (the platform's Gregorian calendar).
  return calendar === 'solar' ? solarDaysInMonth(year, month) : new Date(year, month, 0, 12).getDate();
}

/** A day of `calendar` as YYYY-MM-DD (Gregorian); null when the day is not in that month. */
export function calendarDayToIso(day: CalendarDay, calendar: Calendar): string | null {
  if (calendar === 'solar') return solarToIso(day);
  const { year, month, day: date } = day;
  if (!Number.isInteger(year) || year < 1 || month < 1 || month > 12 || date < 1) return null;
  if (date > daysInCalendarMonth('gregorian', year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(date)}`;
}

/** The month names a day of `calendar` is entered with, in `language`. */
export function calendarMonthNames(calendar: Calendar, language: Language): readonly string[] {
  return calendar === 'solar' ? solarMonthNames(language) : GREGORIAN_MONTHS;
}
