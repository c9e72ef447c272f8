import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { type AdminUnitDto, compareNames, type DepartmentDto, type Language } from '@tna/domain';
import { departmentName, titleOf, unitName } from '../lib/localized';

/** A select option that can also be found by names other than its label (other scripts, codes). */
export interface SearchableOption extends ComboboxItem {
  terms?: string;
}

/**
 * Text as typed and as stored, made comparable: case-insensitive, Arabic ي/ى and ك folded into the
 * Persian ی and ک, Arabic-Indic digits into Latin ones, vowel marks, tatweel and the zero-width
 * non-joiner dropped, spaces collapsed.
 */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[ۀة]/g, 'ه')
    .replace(/[أإآ]/g, 'ا')
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u200c/g, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

function isGroup(item: ComboboxParsedItem): item is Extract<ComboboxParsedItem, { group: unknown }> {
  return 'group' in item;
}

/**
 * Mantine `filter` for searchable selects: every word typed must occur in the option's label or in
 * any of its other names, in Latin or Arabic script.
 */
export const searchFilter: OptionsFilter = ({ options, search, limit }) => {
  const words = normalizeSearch(search).split(' ').filter(Boolean);
  if (!words.length) return options.slice(0, limit);
  const matches = (item: SearchableOption) => {
    const haystack = normalizeSearch(`${item.label} ${item.terms ?? ''}`);
    return words.every((word) => haystack.includes(word));
  };
  const out: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (out.length >= limit) break;
    if (isGroup(item)) {
      const items = item.items.filter((i) => matches(i as SearchableOption));
      if (items.length) out.push({ ...item, items });
    } else if (matches(item as SearchableOption)) out.push(item);
  }
  return out;
};

/** The order the server lists names in (numbers by value, the Dari/Pashto alphabet). */
function byLabel(a: SearchableOption, b: SearchableOption): number {
  return compareNames(a.label, b.label);
}

/** Provinces or districts, named in the active language and found by any of their names or code. */
export function unitOptions(units: readonly AdminUnitDto[] | undefined, language: Language): SearchableOption[] {
  return (units ?? [])
    .map((unit) => ({
      value: String(unit.id),
      label: unitName(unit, language),
      terms: [unit.name_en, unit.name_fa, unit.name_ps, unit.code].filter(Boolean).join(' '),
    }))
    .sort(byLabel);
}

export function departmentOptions(
  departments: readonly DepartmentDto[] | undefined,
  language: Language,
): SearchableOption[] {
  return (departments ?? [])
    .map((department) => ({
      value: String(department.id),
      label: departmentName(department, language),
      terms: [department.name, department.name_dr, department.name_pa].filter(Boolean).join(' '),
    }))
    .sort(byLabel);
}

/** Positions or trainings by their title in the active language; duplicates (by id) are dropped. */
export function titleOptions(
  items: readonly { id: number; title_en: string; title_dr?: string | null; title_pa?: string | null }[] | undefined,
  language: Language,
): SearchableOption[] {
  const seen = new Set<number>();
  const out: SearchableOption[] = [];
  for (const item of items ?? []) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push({
      value: String(item.id),
      label: titleOf(item, language),
      terms: [item.title_en, item.title_dr, item.title_pa].filter(Boolean).join(' '),
    });
  }
  return out.sort(byLabel);
}

/**
 * Props for a long searchable Select or MultiSelect: found by typing in Latin or Arabic script,
 * dropdown in a portal (tables and cards clip), a message when nothing matches.
 */
export function searchableProps(nothingFound: string) {
  return {
    searchable: true,
    filter: searchFilter,
    nothingFoundMessage: nothingFound,
    maxDropdownHeight: 280,
    limit: 200,
    comboboxProps: { withinPortal: true },
  } as const;
}
