import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './field-errors.js';
import { userFormSchema } from './user.js';

describe('user form', () => {
  it('reports a password mismatch together with the other fields, not after them', () => {
    const result = userFormSchema.safeParse({
      name: '',
      email: 'x',
      password: 'long-enough-1',
      c_password: 'other',
      role: '',
    });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.error!);
    expect(Object.keys(errors).sort()).toEqual(['c_password', 'email', 'name', 'role']);
    expect(errors.c_password).toEqual(['validation.confirmPassword|{"value":"password"}']);
  });

  it('keeps the password on update when it is left empty', () => {
    const result = userFormSchema.safeParse({
      id: 3,
      name: 'A',
      email: 'a@b.af',
      password: '',
      c_password: '',
      role: 'admin',
    });
    expect(result.success).toBe(true);
  });
});
