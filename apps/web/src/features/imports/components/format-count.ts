import { LANGUAGES, type Language } from '@tna/domain';
import { formatNumber } from '../../../lib/format';

/** A count in the reader's digits (the app's one rule, lib/digits.ts), from i18next's language. */
export function formatCount(value: number, language: string | undefined): string {
  const known = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
  return formatNumber(value, known);
}
