import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay } from './format';

describe('formatDate (Member since)', () => {
  const date = '2025-11-21T10:00:00Z';

  it('writes day, short month and year in English', () => {
    expect(formatDate(date, 'en')).toBe('21 Nov 2025');
  });

  it('uses the Solar Hijri calendar with Dari month names in Persian', () => {
    expect(formatDate(date, 'fa')).toBe('۳۰ عقرب ۱۴۰۴');
  });

  it('uses Pashto month names in Pashto, whatever locale data the browser has', () => {
    expect(formatDate(date, 'ps')).toBe('۳۰ لړم ۱۴۰۴');
  });

  it('shows nothing for a missing or broken date', () => {
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatDay (the assessment date, a calendar day)', () => {
  it('shows the stored ISO day in the reader calendar', () => {
    expect(formatDay('2025-03-21', 'fa')).toBe('۱ حمل ۱۴۰۴');
    expect(formatDay('2025-03-21', 'ps')).toBe('۱ وری ۱۴۰۴');
    expect(formatDay('2025-03-21', 'en')).toBe('21 Mar 2025');
  });

  it('shows nothing for a missing day', () => {
    expect(formatDay('', 'fa')).toBe('');
  });
});

describe('formatDateTime (user logs)', () => {
  const moment = '2025-11-21T10:00:00Z';

  it('writes the date, then hours and minutes', () => {
    expect(formatDateTime(moment, 'en')).toMatch(/^2\d Nov 2025, \d{2}:\d{2}$/);
    expect(formatDateTime(moment, 'fa')).toMatch(/^[۰-۹]{2} عقرب ۱۴۰۴، [۰-۹]{2}:[۰-۹]{2}$/);
    expect(formatDateTime(moment, 'ps')).toMatch(/^[۰-۹]{2} لړم ۱۴۰۴، [۰-۹]{2}:[۰-۹]{2}$/);
  });

  it('shows nothing for a missing date', () => {
    expect(formatDateTime(null, 'en')).toBe('');
  });
});

describe('English dates and times, written without Intl', () => {
  it("are what Intl's en-GB writes, for any moment from 1900 to 2100 in this machine's time zone", () => {
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        (moment) => {
          expect(formatDate(moment, 'en')).toBe(date.format(moment));
          expect(formatDateTime(moment, 'en')).toBe(`${date.format(moment)}, ${time.format(moment)}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names every month as Intl does', () => {
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const day = new Date(2026, month, 15, 12);
      expect(formatDate(day, 'en')).toBe(date.format(day));
    }
  });
});
