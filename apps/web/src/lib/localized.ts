import type { Language } from '@tna/domain';

/**
 * Names of reference data in the active language. Not every record has every language (districts
 * have no Pashto names, some records only English), so Pashto falls back to Dari, and both to English.
 */
function pick(language: Language, names: { en: string; fa?: string | null; ps?: string | null }): string {
  const fa = names.fa?.trim() || null;
  const ps = names.ps?.trim() || null;
  if (language === 'ps') return ps ?? fa ?? names.en;
  if (language === 'fa') return fa ?? names.en;
  return names.en;
}

/** A province or district (`name_en`, `name_fa`, `name_ps`). */
export function unitName(
  unit: { name_en: string; name_fa?: string | null; name_ps?: string | null },
  language: Language,
): string {
  return pick(language, { en: unit.name_en, fa: unit.name_fa, ps: unit.name_ps });
}

/** A department (`name`, `name_dr`, `name_pa`). */
export function departmentName(
  department: { name: string; name_dr?: string | null; name_pa?: string | null },
  language: Language,
): string {
  return pick(language, { en: department.name, fa: department.name_dr, ps: department.name_pa });
}

/** A position or training (`title_en`, `title_dr`, `title_pa`). */
export function titleOf(
  item: { title_en: string; title_dr?: string | null; title_pa?: string | null },
  language: Language,
): string {
  return pick(language, { en: item.title_en, fa: item.title_dr, ps: item.title_pa });
}

/** Every name a record is known by, for searching in any script. */
export function allNames(...names: (string | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A person's first and last name, as the lists show it. */
export const fullName = (row: { name: string; lastname: string }) => `${row.name} ${row.lastname}`.trim();
