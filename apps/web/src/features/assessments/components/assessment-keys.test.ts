import { describe, expect, it } from 'vitest';
import en from '../../../../public/assets/i18n/en.json';
import { ARCHIVE_REASON_KEYS } from './archive-modal';
import { birthYearOptions, facilityLabel, OPTION_KEYS } from './assessment-options';
import { FIELD_ORDER } from './assessment-values';
import { CONFLICT_TEXT_KEYS } from './conflicts';

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  return typeof node === 'string';
}

describe('the assessment screens', () => {
  it('have a text for every key they build from lists', () => {
    const built = [
      ...OPTION_KEYS,
      ...CONFLICT_TEXT_KEYS,
      ...ARCHIVE_REASON_KEYS,
      ...FIELD_ORDER.filter((field) => field !== 'priorities').map((field) => `tna.fields.${field}`),
    ];
    expect(built.filter((key) => !has(en as Tree, key))).toEqual([]);
  });

  it('offer birth years from this year down to 1900, newest first', () => {
    const years = birthYearOptions('gregorian', 'en', new Date(2025, 5, 1));
    expect(years[0]).toEqual({ value: '2025', label: '2025' });
    expect(years.at(-1)).toEqual({ value: '1900', label: '1900' });
    expect(years).toHaveLength(126);
  });

  it('label birth years in the Solar Hijri calendar in Dari and Pashto, keeping the Gregorian value', () => {
    const solar = birthYearOptions('solar', 'fa', new Date(2025, 5, 1));
    // 1 Hamal 1404 fell on 21 March 2025; 1 Hamal 1279 on 21 March 1900.
    expect(solar[0]).toEqual({ value: '2025', label: '۱۴۰۴' });
    expect(solar.find((y) => y.value === '1986')?.label).toBe('۱۳۶۵');
    expect(solar.at(-1)).toEqual({ value: '1900', label: '۱۲۷۹' });
    expect(birthYearOptions('gregorian', 'ps', new Date(2025, 5, 1))[0]).toEqual({ value: '2025', label: '۲۰۲۵' });
  });

  it('show a health facility as name / code - type', () => {
    expect(facilityLabel({ name: 'Charikar DH', code: 'AF0301-DH', type: 'DH' })).toBe('Charikar DH / AF0301-DH - DH');
    expect(facilityLabel({ name: 'Mobile team', code: null, type: 'MHT' })).toBe('Mobile team - MHT');
  });
});
