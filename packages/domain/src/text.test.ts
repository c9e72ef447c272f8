import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS,
  compareNames,
  nameKey,
  sortKey,
  tazkiraKey,
  toLatinDigits,
  toPersianDigits,
} from './text.js';

describe('text normalisation', () => {
  it('reads Persian and Arabic-Indic digits as ASCII digits', () => {
    expect(toLatinDigits('۱۲۳۴')).toBe('1234');
    expect(toLatinDigits('٠٩٨')).toBe('098');
    expect(toLatinDigits('+۹۳ 7۰۰')).toBe('+93 700');
  });

  it('writes ASCII digits as Persian digits', () => {
    expect(toPersianDigits('1405/02/03')).toBe('۱۴۰۵/۰۲/۰۳');
  });

  it('makes a name typed with Arabic letter forms, other spacing or case the same key', () => {
    expect(nameKey('علي  كريمي')).toBe(nameKey('علی کریمی'));
    expect(nameKey(' Ahmad  Shah ')).toBe('ahmad shah');
    expect(nameKey('محمد\u200Cرضا')).toBe(nameKey('محمدرضا'));
    // Pashto's own letters are letters of their own
    expect(nameKey('ګل')).not.toBe(nameKey('گل'));
  });

  it('makes a tazkira number with separators or other digits the same key', () => {
    expect(tazkiraKey('۱۴۰۰-۰۱۰۰-۱۲۳۴۵')).toBe('1400010012345');
    expect(tazkiraKey('1400 0100 12345')).toBe('1400010012345');
  });

  it('finds control characters but not tabs or line breaks', () => {
    expect(CONTROL_CHARACTERS.test('a\u0000b')).toBe(true);
    expect(CONTROL_CHARACTERS.test('a\u001bb')).toBe(true);
    expect(CONTROL_CHARACTERS.test('line\nnext\tcol\r')).toBe(false);
  });
});

describe('sortKey: the order names are listed in', () => {
  const sorted = (names: string[]) => [...names].sort(compareNames);

  it('sorts numbers inside names by value', () => {
    expect(sorted(['Bilal19', 'Bilal7', 'Bilal13'])).toEqual(['Bilal7', 'Bilal13', 'Bilal19']);
    expect(sorted(['CHC 10', 'chc 9', 'CHC 100', 'BHC 2'])).toEqual(['BHC 2', 'chc 9', 'CHC 10', 'CHC 100']);
    expect(sorted(['بلال۱۳', 'بلال٧', 'بلال19'])).toEqual(['بلال٧', 'بلال۱۳', 'بلال19']);
  });

  it('follows the Dari and Pashto alphabet, not Unicode order', () => {
    expect(sorted(['تمنا', 'پروین', 'بهار'])).toEqual(['بهار', 'پروین', 'تمنا']);
    expect(sorted(['حمید', 'چمن', 'جمیله'])).toEqual(['جمیله', 'چمن', 'حمید']);
    expect(sorted(['ساره', 'ژاله', 'زهرا'])).toEqual(['زهرا', 'ژاله', 'ساره']);
    expect(sorted(['لیلا', 'گل', 'کریم'])).toEqual(['کریم', 'گل', 'لیلا']);
    expect(sorted(['یاسین', 'هما', 'وحید', 'نازنین'])).toEqual(['نازنین', 'وحید', 'هما', 'یاسین']);
    expect(sorted(['ټولنه', 'ثریا', 'تمنا'])).toEqual(['تمنا', 'ټولنه', 'ثریا']);
  });

  it('folds the Arabic kaf and yeh into the Persian letters, and ignores invisible marks', () => {
    expect(sortKey('علي')).toBe(sortKey('علی'));
    expect(sortKey('كريم')).toBe(sortKey('کریم'));
    expect(sortKey('می\u200Cخواهم')).toBe(sortKey('میخواهم'));
    expect(sorted(['كريم', 'گل', 'قادر'])).toEqual(['قادر', 'كريم', 'گل']);
  });

  it('puts Latin names before Dari ones, without regard to case', () => {
    expect(sorted(['احمد', 'zahir', 'Ahmad'])).toEqual(['Ahmad', 'zahir', 'احمد']);
  });
});
