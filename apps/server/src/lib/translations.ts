import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tna/domain';
import type { FastifyRequest } from 'fastify';

type Tree = { [key: string]: string | Tree };

/**
 * The web app's translation files are the one home of every user-facing text, so that a mail or an
 * import report reads as the screens do. The server reads them from the web app's sources (beside
 * this package), or from its build when only that is deployed.
 */
function i18nFolder(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname, '../../../web/public/assets/i18n'),
    path.resolve(import.meta.dirname, '../../../web/dist/assets/i18n'),
  ];
  return candidates.find((dir) => existsSync(path.join(dir, 'en.json'))) ?? null;
}

const loaded = new Map<Language, Tree>();

function tree(language: Language): Tree {
  let t = loaded.get(language);
  if (!t) {
    const dir = i18nFolder();
    t = dir ? (JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Tree) : {};
    loaded.set(language, t);
  }
  return t;
}

function lookup(t: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = t;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

/** `t(key, params)` in a language, falling back to English and then to the key itself. */
export function translator(language: Language): Translate {
  return (key, params = {}) => {
    const text = lookup(tree(language), key) ?? lookup(tree(DEFAULT_LANGUAGE), key) ?? key;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The caller's language: `?lang=`, else the first of Accept-Language that the app speaks, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (isLanguage(query.lang)) return query.lang;
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (isLanguage(tag)) return tag;
    // Dari is Persian as Afghanistan writes it.
    if (tag === 'prs') return 'fa';
  }
  return DEFAULT_LANGUAGE;
}
