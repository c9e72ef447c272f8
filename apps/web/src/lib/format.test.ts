import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

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
