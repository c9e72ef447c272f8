import { ACTIONS, ADMIN_UNIT_TYPES, ERROR_CODES, LANGUAGES, ROLES } from '@tna/domain';
import { describe, expect, it } from 'vitest';
import en from '../../public/assets/i18n/en.json';
import { TILES } from '../features/assessments/components/assessment-tiles';
import { IN_USE_SUBJECTS, USAGE_KINDS } from '../lib/form';
import { LABEL_KEYS } from '../lib/labels';
import { NAVBAR_VARIANTS } from './shell/display-settings';

type Tree = { [key: string]: string | Tree };

function has(tree: Tree, key: string): boolean {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return false;
    node = node[part];
  }
  return typeof node === 'string';
}

const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const NAMESPACES = Object.keys(en).join('|');
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

describe('translation keys used by the code', () => {
  it('finds the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it('every literal key in the code exists in en.json', () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(KEY_LITERAL)) {
        const key = match[1]!;
        // Permission names (`tna.create`) look like keys but are not; a key ending in '.' is the
        // prefix of a template (`roles.${name}`), checked below.
        if ((ACTIONS as readonly string[]).includes(key) || key.endsWith('.')) continue;
        if (!has(en, key)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the keys the code builds from lists', () => {
    const built = [
      ...ROLES.map((role) => `roles.${role}`),
      ...LANGUAGES.map((language) => `languages.${language}`),
      ...NAVBAR_VARIANTS.map((variant) => `settings.colors.${variant}`),
      ...Object.keys(ERROR_CODES).map((code) => `errors.${code}`),
      'errors.NETWORK',
      'errors.UNKNOWN',
      ...TILES.flatMap((tile) => [`tna.tiles.${tile.key}.title`, `tna.tiles.${tile.key}.description`]),
      ...LABEL_KEYS,
      ...ADMIN_UNIT_TYPES.map((type) => `administratives.types.${type}`),
      ...Object.values(IN_USE_SUBJECTS).map((subject) => `conflict.subjects.${subject}`),
      // Counted with plural forms: every language has at least 'one' and 'other'.
      ...Object.values(USAGE_KINDS).flatMap((kind) => [`conflict.kinds.${kind}_one`, `conflict.kinds.${kind}_other`]),
    ];
    expect(built.filter((key) => !has(en, key))).toEqual([]);
  });
});
