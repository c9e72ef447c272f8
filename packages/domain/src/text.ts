/**
 * The one place where text typed in Dari, Pashto or English is made comparable. Officers type on
 * phones whose keyboards give Persian (۰-۹), Arabic-Indic (٠-٩) or Latin digits, and Arabic or
 * Persian forms of the same letter (ك/ک, ي/ى/ی); a reader sees no difference, so neither may the
 * duplicate check, the validation of numbers, or a search.
 */

const PERSIAN_ZERO = 0x06f0; // ۰
const ARABIC_ZERO = 0x0660; // ٠

/** Persian and Arabic-Indic digits become ASCII digits; everything else is left as it is. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= PERSIAN_ZERO ? code - PERSIAN_ZERO : code - ARABIC_ZERO);
  });
}

/** ASCII digits become Eastern Arabic-Indic (Persian) digits, as Dari and Pashto texts write them. */
export function toPersianDigits(value: string): string {
  return value.replace(/[0-9]/g, (d) => String.fromCharCode(PERSIAN_ZERO + Number(d)));
}

/**
 * Arabic forms of a letter that Dari and Pashto readers read as one letter, folded to the form an
 * Afghan keyboard gives. Pashto's own letters (ې ۍ ګ ...) are distinct letters and stay.
 */
const LETTER_FOLDS: Record<string, string> = {
  ك: 'ک',
  ي: 'ی',
  ى: 'ی',
  ئ: 'ی',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ة: 'ه',
  ۀ: 'ه',
  ھ: 'ه',
};
const FOLD_PATTERN = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');

/** Zero-width joiners and non-joiners, the tatweel (ـ), and Arabic diacritics (harakat). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u0640\u064B-\u065F\u0670]/g;

/**
 * The key under which two names are "the same" to a reader: case, spacing, invisible marks, digit
 * kind and Arabic/Persian letter forms do not count. Used by the duplicate check (server and its
 * stored keys) and wherever names are compared.
 */
export function nameKey(value: string): string {
  return toLatinDigits(value)
    .replace(INVISIBLE, '')
    .replace(FOLD_PATTERN, (c) => LETTER_FOLDS[c] ?? c)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The key of a tazkira (national ID) number: digits in ASCII, and the separators people type
 * between groups (spaces, dashes, slashes, dots) removed, so `۱۴۰۰-۰۱۰۰-۱۲۳۴۵` equals `1400010012345`.
 */
export function tazkiraKey(value: string): string {
  return nameKey(value).replace(/[\s\-/._]/g, '');
}

/** Between the two names of a person key: a control character, which no typed name may hold. */
const PERSON_KEY_SEPARATOR = '\u001f';

/**
 * The key of a person for the duplicate check: their name and father's name, each by nameKey (the
 * birth year and facility are compared beside it).
 */
export function personKey(name: string, fathername: string): string {
  return `${nameKey(name)}${PERSON_KEY_SEPARATOR}${nameKey(fathername)}`;
}

/** C0 and C1 control characters other than tab, line feed and carriage return (NUL included). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Half of a UTF-16 surrogate pair on its own: no keyboard types one, no encoding can store one (it
 * becomes U+FFFD on the way to the database, or breaks JSON there).
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text holds what no person types and the database should not keep: control characters, lone surrogates. */
export function hasUntypeableCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value) || LONE_SURROGATE.test(value);
}

/**
 * The Dari and Pashto letters in their alphabet's order (Pashto's own letters where Pashto puts
 * them: ټ after ت, ځ after ج, ګ beside گ, ې and ۍ after ی). Unicode's order puts پ چ ژ ک گ ی after
 * every other letter, so a byte-by-byte sort (the database's, PGlite has no ICU) cannot be used as is.
 */
export const SORT_ALPHABET = 'آابپتټثجځچڅحخدډذرړزږژسشښصضطظعغفقکګگلمنڼوهیېۍ';

/** Arabic forms a reader does not tell from the Persian letter (see LETTER_FOLDS), sorted as that letter. */
const SORT_FOLDS: [string, string][] = Object.entries(LETTER_FOLDS);

/** Invisible marks (zero-width joiners, tatweel, harakat) that a sort ignores. */
export const SORT_IGNORED = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u0640',
  ...Array.from({ length: 0x065f - 0x064b + 1 }, (_, i) => String.fromCharCode(0x064b + i)),
  '\u0670',
].join('');

/** How many digits a number is padded to, so that `7` sorts before `13` (natural order). */
export const SORT_NUMBER_WIDTH = 10;

/**
 * The character map of sortKey, as the pair of strings of SQL's translate(): each character of
 * `from` becomes the one at its place in `to`, and the characters of `from` past the end of `to`
 * (the ignored marks) are dropped. The migration that defines tna_sort_key() holds the same strings;
 * a test compares the two functions on both databases.
 */
export function sortTranslation(): { from: string; to: string } {
  const letters = [...SORT_ALPHABET];
  const byCode = [...letters].sort();
  const place = new Map(letters.map((c, i) => [c, byCode[i]!]));
  const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const persianDigits = '۰۱۲۳۴۵۶۷۸۹';
  const arabicDigits = '٠١٢٣٤٥٦٧٨٩';
  const from = upper + letters.join('') + SORT_FOLDS.map(([c]) => c).join('') + persianDigits + arabicDigits;
  const to =
    upper.toLowerCase() +
    byCode.join('') +
    SORT_FOLDS.map(([, letter]) => place.get(letter) ?? letter).join('') +
    '0123456789'.repeat(2);
  return { from: from + SORT_IGNORED, to };
}

let sortMap: Map<string, string> | undefined;

/**
 * The key a name is sorted by, here and in the database (tna_sort_key(), migration 0024): Latin
 * letters without case, Dari/Pashto letters in their alphabet's order with the Arabic forms folded,
 * invisible marks dropped, and every number padded so that it sorts by value (`Bilal7`, `Bilal13`,
 * `Bilal19`). Keys compare by code unit (`<`), as the database's C collation compares them.
 */
export function sortKey(value: string): string {
  if (!sortMap) {
    const { from, to } = sortTranslation();
    const source = [...from];
    const target = [...to];
    sortMap = new Map(source.map((c, i) => [c, target[i] ?? '']));
  }
  const map = sortMap;
  const mapped = Array.from(value, (c) => map.get(c) ?? c).join('');
  const zeros = '0'.repeat(SORT_NUMBER_WIDTH);
  // The same two replacements as the SQL function; for these patterns JavaScript's backtracking and
  // PostgreSQL's longest match choose the same text.
  return mapped.replace(/[0-9]+/g, `${zeros}$&`).replace(new RegExp(`0*([0-9]{${SORT_NUMBER_WIDTH}})`, 'g'), '$1');
}

/** Compare two names by sortKey (for Array.prototype.sort). */
export function compareNames(a: string, b: string): number {
  const ka = sortKey(a);
  const kb = sortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}
