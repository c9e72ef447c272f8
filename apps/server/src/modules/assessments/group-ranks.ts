import { sortKey as nameSortKey } from '@tna/domain';
import type { ReferenceNames } from '../../db/reference-cache.js';

/** The order of places and facilities by name in each language, worked out once per copy of the names. */
const ranks = new WeakMap<ReferenceNames, Map<string, Map<number, number>>>();

/**
 * Each place's (or facility's) position when sorted by its name in the language, by sortKey (Dari
 * letters such as پ and گ in their alphabet's order, not in Unicode's; numbers by value), ties by id.
 */
export function groupRanks(
  names: ReferenceNames,
  kind: 'unit' | 'facility',
  lang: 'en' | 'fa' | 'ps',
): Map<number, number> {
  let byKind = ranks.get(names);
  if (!byKind) {
    byKind = new Map();
    ranks.set(names, byKind);
  }
  const key = `${kind}:${lang}`;
  let rank = byKind.get(key);
  if (!rank) {
    const named: [number, string][] =
      kind === 'facility'
        ? [...names.facilities.values()].map((f) => [f.id, f.name])
        : [...names.units.values()].map((u) => [
            u.id,
            (lang === 'fa' ? u.name_fa : lang === 'ps' ? (u.name_ps ?? u.name_fa) : null) ?? u.name_en,
          ]);
    // The same order as the database's sort keys (sortKey/tna_sort_key): a facility list sorted by
    // province and a form list sorted by province agree, and numbers in names sort by value.
    const keyed = named.map(([id, name]) => ({ id, key: nameSortKey(name) }));
    keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    rank = new Map(keyed.map(({ id }, i) => [id, i]));
    byKind.set(key, rank);
  }
  return rank;
}
