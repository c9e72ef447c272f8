import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDayToIso,
  calendarMonthNames,
  daysInCalendarMonth,
  gregorianYearToSolar,
  isoToCalendarDay,
  isoToSolar,
  solarDaysInMonth,
  solarMonthNames,
  solarToIso,
  solarYearToGregorian,
} from './calendar';

describe('the Solar Hijri calendar (date-fns-jalali)', () => {
  it('reads a Gregorian day as the Solar Hijri day on an Afghan tazkira', () => {
    expect(isoToSolar('2025-11-21')).toEqual({ year: 1404, month: 8, day: 30 });
    expect(isoToSolar('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
    expect(isoToSolar('2025-03-20')).toEqual({ year: 1403, month: 12, day: 30 });
  });

  it('turns a Solar Hijri day back into the ISO day the API stores', () => {
    expect(solarToIso({ year: 1404, month: 8, day: 30 })).toBe('2025-11-21');
    expect(solarToIso({ year: 1365, month: 1, day: 1 })).toBe('1986-03-21');
  });

  it('refuses a day the month does not have', () => {
    expect(solarDaysInMonth(1404, 1)).toBe(31);
    expect(solarDaysInMonth(1404, 7)).toBe(30);
    expect(solarToIso({ year: 1404, month: 7, day: 31 })).toBeNull();
    expect(isoToSolar('2025-02-30')).toBeNull();
    expect(isoToSolar('not a day')).toBeNull();
  });

  it('knows the leap years: Hut has 30 days in 1403, 29 in 1404', () => {
    expect(solarDaysInMonth(1403, 12)).toBe(30);
    expect(solarDaysInMonth(1404, 12)).toBe(29);
  });

  it('stores a Solar Hijri birth year as the Gregorian year it begins in, and back', () => {
    expect(solarYearToGregorian(1365)).toBe(1986);
    expect(gregorianYearToSolar(1986)).toBe(1365);
    expect(gregorianYearToSolar(solarYearToGregorian(1279))).toBe(1279);
  });

  it('names the months as Afghanistan does, in Dari and in Pashto', () => {
    expect(solarMonthNames('fa')).toEqual([
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
    ]);
    expect(solarMonthNames('ps')[0]).toBe('وری');
    expect(solarMonthNames('ps')[11]).toBe('کب');
  });
});

describe('a day entered in either calendar (components/day-input.tsx)', () => {
  it('gives back every real day it read, in both calendars', () => {
    const day = fc.date({ min: new Date(1900, 0, 1), max: new Date(2100, 11, 31), noInvalidDate: true });
    fc.assert(
      fc.property(day, fc.constantFrom('solar' as const, 'gregorian' as const), (date, calendar) => {
        const iso = `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
        const read = isoToCalendarDay(iso, calendar);
        expect(read).not.toBeNull();
        expect(read!.day).toBeLessThanOrEqual(daysInCalendarMonth(calendar, read!.year, read!.month));
        expect(calendarDayToIso(read!, calendar)).toBe(iso);
      }),
    );
  });

  it('reads the Gregorian day as written, and knows its months and leap years', () => {
    expect(isoToCalendarDay('2025-10-23', 'gregorian')).toEqual({ year: 2025, month: 10, day: 23 });
    expect(isoToCalendarDay('2025-10-23', 'solar')).toEqual({ year: 1404, month: 8, day: 1 });
    expect(daysInCalendarMonth('gregorian', 2024, 2)).toBe(29);
    expect(daysInCalendarMonth('gregorian', 2025, 2)).toBe(28);
    expect(daysInCalendarMonth('gregorian', 1900, 2)).toBe(28);
    expect(daysInCalendarMonth('gregorian', 2025, 12)).toBe(31);
    expect(calendarDayToIso({ year: 2025, month: 2, day: 29 }, 'gregorian')).toBeNull();
    expect(calendarDayToIso({ year: 2025, month: 13, day: 1 }, 'gregorian')).toBeNull();
    expect(isoToCalendarDay('2025-02-30', 'gregorian')).toBeNull();
  });

  it('names the Gregorian months in English and the Afghan ones in Dari and Pashto', () => {
    expect(calendarMonthNames('gregorian', 'en')[9]).toBe('October');
    expect(calendarMonthNames('solar', 'fa')[7]).toBe('عقرب');
    expect(calendarMonthNames('solar', 'ps')[0]).toBe('وری');
  });
});
