import type { ComboboxParsedItem } from '@mantine/core';
import type { AdminUnitDto } from '@tna/domain';
import { describe, expect, it } from 'vitest';
import { normalizeSearch, searchFilter, unitOptions } from './select-options';

const kabul: AdminUnitDto = {
  id: 1,
  type: 'province',
  code: 'AF01',
  name: 'Kabul',
  name_en: 'Kabul',
  name_fa: 'کابل',
  name_ps: 'کابل',
  parent_id: null,
};
const herat: AdminUnitDto = {
  id: 32,
  type: 'province',
  code: 'AF32',
  name: 'Hirat',
  name_en: 'Hirat',
  name_fa: 'هرات',
  name_ps: 'هرات',
  parent_id: null,
};
const paghman: AdminUnitDto = {
  id: 40,
  type: 'district',
  code: 'AF0106',
  name: 'Paghman',
  name_en: 'Paghman',
  name_fa: 'پغمان',
  name_ps: null,
  parent_id: 1,
};

const search = (options: ComboboxParsedItem[], text: string) =>
  searchFilter({ options, search: text, limit: 100 }).map((o) => ('value' in o ? o.value : o.group));

describe('normalizeSearch', () => {
  it('folds Arabic ي and ك into the Persian letters, case and marks away', () => {
    expect(normalizeSearch('كابل')).toBe(normalizeSearch('کابل'));
    expect(normalizeSearch('علي')).toBe('علی');
    expect(normalizeSearch('  KaBuL ')).toBe('kabul');
    expect(normalizeSearch('معافیت‌کاری')).toBe('معافیتکاری');
    expect(normalizeSearch('۱۲')).toBe('12');
  });
});

describe('searchFilter', () => {
  const options = unitOptions([kabul, herat, paghman], 'en');

  it('finds an option by a name in another script or by its code', () => {
    expect(search(options, 'كابل')).toEqual(['1']);
    expect(search(options, 'هرات')).toEqual(['32']);
    expect(search(options, 'af0106')).toEqual(['40']);
    expect(search(options, 'HIR')).toEqual(['32']);
  });

  it('needs every typed word and keeps everything for an empty search', () => {
    expect(search(options, 'pagh af01')).toEqual(['40']);
    expect(search(options, 'kabul herat')).toEqual([]);
    expect(search(options, '')).toHaveLength(3);
  });
});

describe('unitOptions', () => {
  it('labels in the active language, Pashto falling back to Dari, and sorts by label', () => {
    expect(unitOptions([paghman], 'ps')[0]?.label).toBe('پغمان');
    expect(unitOptions([paghman], 'en')[0]?.label).toBe('Paghman');
    expect(unitOptions([kabul, herat], 'fa').map((o) => o.label)).toEqual(['کابل', 'هرات']);
  });
});
