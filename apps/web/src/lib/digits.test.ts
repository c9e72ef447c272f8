import fc from 'fast-check';
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

  it('writes whole numbers exactly as Intl does in each language, without building an Intl formatter', () => {
    const intl = {
      en: new Intl.NumberFormat('en-GB'),
      fa: new Intl.NumberFormat('fa-AF-u-nu-arabext'),
      ps: new Intl.NumberFormat('fa-AF-u-nu-arabext'),
    };
    const counts = fc.oneof(fc.nat(), fc.nat({ max: 10_000 }), fc.constantFrom(0, 999, 1000, Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(counts, fc.constantFrom('en', 'fa', 'ps') as fc.Arbitrary<'en' | 'fa' | 'ps'>, (n, language) => {
        expect(formatNumber(n, language)).toBe(intl[language].format(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves fractions and negative numbers to Intl', () => {
    expect(formatNumber(2.5, 'en')).toBe('2.5');
    expect(formatNumber(-1234, 'en')).toBe('-1,234');
    expect(formatNumber(1234.5, 'fa')).toBe(new Intl.NumberFormat('fa-AF-u-nu-arabext').format(1234.5));
  });
});
