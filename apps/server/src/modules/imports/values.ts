import { FACILITY_TYPES, nameKey, toLatinDigits, VALUE_LABEL_KEYS, type ValueKind } from '@tna/domain';
import type { Translate } from '../../lib/translations.js';
import type { RawCell } from './sheet-reader.js';

/** A cell as text: trimmed, a whole number without ".0", a date as YYYY-MM-DD; empty is null. */
export function text(cell: RawCell): string | null {
  if (cell === null) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : null;
  if (typeof cell === 'boolean') return cell ? 'yes' : 'no';
  const trimmed = cell.trim();
  return trimmed === '' ? null : trimmed;
}

/** Solar Hijri (the calendar of Afghan paper forms) to Gregorian, by the arithmetic of the calendar. */
export function solarHijriToGregorian(jy: number, jm: number, jd: number): [number, number, number] {
  const year = jy + 1595;
  let days = -355668 + 365 * year + Math.floor(year / 33) * 8 + Math.floor(((year % 33) + 3) / 4) + jd;
  days += jm < 7 ? (jm - 1) * 31 : (jm - 7) * 30 + 186;
  let gy = 400 * Math.floor(days / 146097);
  days %= 146097;
  if (days > 36524) {
    days -= 1;
    gy += 100 * Math.floor(days / 36524);
    days %= 36524;
    if (days >= 365) days += 1;
  }
  gy += 4 * Math.floor(days / 1461);
  days %= 1461;
  if (days > 365) {
    gy += Math.floor((days - 1) / 365);
    days = (days - 1) % 365;
  }
  let gd = days + 1;
  const leap = (gy % 4 === 0 && gy % 100 !== 0) || gy % 400 === 0;
  const months = [0, 31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let gm = 1;
  while (gm <= 12 && gd > months[gm]!) {
    gd -= months[gm]!;
    gm++;
  }
  return [gy, gm, gd];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as typed: an Excel date, YYYY-MM-DD (or with / or .), or DD/MM/YYYY; a year from 1300 to
 * 1499 is read as Solar Hijri and converted. Anything else is passed on for the schema to refuse.
 */
export function dateText(cell: RawCell): string | null {
  const value = text(cell);
  if (value === null || cell instanceof Date) return value;
  const v = toLatinDigits(value).replace(/[/.]/g, '-');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
  let [y, mo, d] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m) {
    m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(v);
    if (!m) return value;
    [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  }
  if (y >= 1300 && y < 1500 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31) [y, mo, d] = solarHijriToGregorian(y, mo, d);
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** A birth year; a Solar Hijri year (1300 to 1420) becomes the Gregorian year it mostly falls in. */
export function yearText(cell: RawCell): string | null {
  const value = text(cell);
  if (value === null) return null;
  const v = toLatinDigits(value);
  if (/^\d{4}$/.test(v)) {
    const y = Number(v);
    return String(y >= 1300 && y <= 1420 ? y + 621 : y);
  }
  return v;
}

/** A code, phone or number typed with Persian or Arabic-Indic digits, in Latin digits. */
export function digitsText(cell: RawCell): string | null {
  const value = text(cell);
  return value === null ? null : toLatinDigits(value);
}

/**
 * The stored values of the SPEC's lists, by every way a person may write them: the value itself
 * ('DH', 'male'), the English label of a facility type, and the label in each language.
 */
export class ValueMatcher {
  private readonly maps = new Map<ValueKind, Map<string, string>>();

  constructor(translators: Translate[]) {
    for (const [kind, keys] of Object.entries(VALUE_LABEL_KEYS) as [ValueKind, Record<string, string>][]) {
      const map = new Map<string, string>();
      for (const [value, key] of Object.entries(keys)) {
        map.set(nameKey(value), value);
        for (const t of translators) {
          map.set(nameKey(t(key)), value);
          if (kind === 'facilityType') map.set(nameKey(`${value} - ${t(key)}`), value);
        }
      }
      if (kind === 'facilityType') for (const type of FACILITY_TYPES) map.set(nameKey(type.label), type.value);
      if (kind === 'yesNo')
        for (const [v, s] of [
          ['true', 'yes'],
          ['false', 'no'],
          ['1', 'yes'],
          ['0', 'no'],
        ])
          map.set(v!, s!);
      this.maps.set(kind, map);
    }
  }

  /** The stored value, or the text as it was (the schema then says it is not one of the list). */
  value(kind: ValueKind, cell: RawCell): string | null {
    const t = text(cell);
    return t === null ? null : (this.maps.get(kind)!.get(nameKey(t)) ?? t);
  }
}
