import { describe, expect, it } from 'vitest';
import { formatNumber, localDigits } from './digits';

describe('one rule for digits', () => {
  it('writes counts in Eastern Arabic-Indic digits in Dari and in Pashto, Latin in English', () => {
    expect(formatNumber(1234, 'fa')).toMatch(/^۱.?۲۳۴$/);
    expect(formatNumber(1234, 'ps')).toMatch(/^۱.?۲۳۴$/);
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(7, 'ps')).toBe('۷');
  });

  it('turns the digits of text the app made into the language digits, both ways', () => {
    expect(localDigits('Page 12 of 30', 'fa')).toBe('Page ۱۲ of ۳۰');
    expect(localDigits('۱۲', 'en')).toBe('12');
  });
});
