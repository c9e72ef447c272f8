import { describe, expect, it } from 'vitest';
import { birthYear, priorityLineSchema } from './assessment.js';
import { departmentFormSchema } from './reference-data.js';
import { loginSchema } from './user.js';
import { INT_MAX, optionalId, optionalText, requiredId, requiredText } from './validation.js';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues.map((i) => i.message);

describe('ids', () => {
  it.each([
    [1, 1],
    ['42', 42],
    ['۴۲', 42],
    [INT_MAX, INT_MAX],
    [{ id: 7 }, null],
  ])('reads %j as %j', (input, expected) => {
    const result = requiredId().safeParse(input);
    if (expected === null) expect(result.success).toBe(false);
    else expect(result.data).toBe(expected);
  });

  it.each([true, false, '0x10', ' 42 ', '1e3', '4 2', 0, -1, 1.5, INT_MAX + 1, Number.NaN, 'abc', [1]])(
    'refuses %j as "not one of the listed values"',
    (input) => {
      expect(errorOf(requiredId().safeParse(input))).toEqual(['validation.oneOf']);
    },
  );

  it('asks for a missing id, and lets an optional one be absent or empty', () => {
    expect(errorOf(requiredId().safeParse(undefined))).toEqual(['validation.required']);
    expect(errorOf(requiredId().safeParse(''))).toEqual(['validation.required']);
    expect(optionalId().parse('')).toBeNull();
    expect(optionalId().parse(null)).toBeNull();
    expect(errorOf(optionalId().safeParse('0x10'))).toEqual(['validation.oneOf']);
  });

  it('reads a body id strictly: {"id": true} no longer edits record 1', () => {
    expect(errorOf(departmentFormSchema.safeParse({ id: true, name: 'x' }))).toEqual(['validation.oneOf']);
  });
});

describe('other whole numbers', () => {
  it('takes a birth year in any digits, and refuses one that is not a plain number', () => {
    const year = birthYear(new Date('2026-06-01'));
    expect(year.parse('۱۹۹۰')).toBe(1990);
    expect(year.parse(1990)).toBe(1990);
    expect(errorOf(year.safeParse(true))).toEqual(['validation.required']);
    expect(errorOf(year.safeParse('1990.5'))).toEqual(['validation.required']);
  });

  it('refuses true as priority 1', () => {
    const line = { department: 1, training: 1 };
    expect(priorityLineSchema.safeParse({ ...line, priority: true }).success).toBe(false);
    expect(priorityLineSchema.parse({ ...line, priority: '2' }).priority).toBe(2);
  });
});

describe('text', () => {
  it.each(['a\u0000b', 'x\u001b[31m', '\u0085', 'broken \ud800 half'])('refuses %j on the field', (value) => {
    expect(errorOf(requiredText().safeParse(value))).toEqual(['validation.controlCharacters']);
    expect(errorOf(optionalText().safeParse(value))).toEqual(['validation.controlCharacters']);
  });

  it('keeps tabs, new lines and whole emoji', () => {
    expect(requiredText().parse('line one\nline\ttwo 😀')).toBe('line one\nline\ttwo 😀');
  });

  it('refuses an email longer than an address can be', () => {
    const email = `${'a'.repeat(250)}@b.co`;
    expect(errorOf(loginSchema.safeParse({ email, password: 'abcd' }))).toEqual(['validation.maxlength']);
  });
});
