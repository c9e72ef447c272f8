import { userFormSchema } from '@tna/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFrom } from './api-error';
import { applyServerErrors, describeError, type Translator, translateMessage, zodValidator } from './form';

/** A stand-in for i18next with the Persian texts of two keys. */
const fa: Translator = {
  resolvedLanguage: 'fa',
  exists: (key: string) =>
    [
      'validation.required',
      'validation.unique',
      'validation.confirmPassword',
      'validation.values.password',
      'errors.CONFLICT',
    ].includes(key),
  t: (key, params) =>
    ({
      'validation.required': 'این فیلد الزامی است',
      'validation.unique': `این مقدار قبلاً گرفته شده است: ${params?.value}`,
      'validation.confirmPassword': `رمزهای عبور با هم مطابقت ندارند: این فیلد باید با فیلد «${params?.value}» برابر باشد`,
      'validation.values.password': 'رمز عبور',
      'errors.CONFLICT': 'این تغییر با داده‌های فعلی در تضاد است.',
    })[key] ?? key,
};

describe('translateMessage', () => {
  it('translates an encoded key with its parameters', () => {
    expect(translateMessage(fa, 'validation.unique|{"value":"a@b.org"}')).toBe('این مقدار قبلاً گرفته شده است: a@b.org');
  });

  it('shows the confirm-password message with the label of the field it must equal (SPEC 5: it carries a value)', () => {
    expect(translateMessage(fa, 'validation.confirmPassword|{"value":"password"}')).toBe(
      'رمزهای عبور با هم مطابقت ندارند: این فیلد باید با فیلد «رمز عبور» برابر باشد',
    );
  });

  it('shows plain text that is not a key as it is', () => {
    expect(translateMessage(fa, 'Something the server said')).toBe('Something the server said');
  });

  it('renders an unknown validation key in English rather than showing the key', () => {
    expect(translateMessage({ ...fa, exists: () => false }, 'validation.min|{"min":1900}')).toBe(
      'This field should equal or greater than 1900',
    );
  });
});

describe('zodValidator with the domain user schema', () => {
  const validate = zodValidator(userFormSchema);

  it('requires a password when adding, keeps the old one when editing', () => {
    const base = { name: 'A', email: 'a@b.org', role: 'admin', password: '', c_password: '' };
    expect(validate({ ...base, id: null }).password).toBe('validation.required');
    expect(validate({ ...base, id: 3 })).toEqual({});
  });
});

describe('applyServerErrors', () => {
  const collect = () => {
    const errors: Record<string, string> = {};
    return { errors, form: { setFieldError: ((path: string, error: string) => (errors[path] = error)) as never } };
  };

  it('prefers the translatable keys and puts them on their fields', () => {
    const { errors, form } = collect();
    const error = apiErrorFrom(422, {
      message: 'The given data was invalid.',
      code: 'VALIDATION',
      errors: { email: ['This value is already taken: a@b.org'] },
      error_keys: { email: ['validation.unique|{"value":"a@b.org"}'] },
    });
    expect(applyServerErrors(form, error)).toBe(true);
    expect(errors).toEqual({ email: 'validation.unique|{"value":"a@b.org"}' });
  });

  it('falls back to the English texts and ignores other failures', () => {
    const { errors, form } = collect();
    expect(applyServerErrors(form, apiErrorFrom(422, { message: 'x', errors: { name: ['Too long'] } }))).toBe(true);
    expect(errors).toEqual({ name: 'Too long' });
    expect(applyServerErrors(form, new Error('boom'))).toBe(false);
  });
});

describe('describeError', () => {
  it('uses the translated code in Persian and the server words in English', () => {
    const conflict = apiErrorFrom(409, { message: 'You cannot delete your own account.', code: 'CONFLICT' });
    expect(describeError(fa, conflict)).toBe('این تغییر با داده‌های فعلی در تضاد است.');
    expect(describeError({ ...fa, resolvedLanguage: 'en' }, conflict)).toBe('You cannot delete your own account.');
  });

  it('always shows the server message for rate limiting', () => {
    const limited = apiErrorFrom(429, { message: 'Try again in 60 seconds.', code: 'RATE_LIMITED' });
    expect(describeError(fa, limited)).toBe('Try again in 60 seconds.');
  });

  it('translates the reason a record cannot be deleted, with the plural each count needs', () => {
    const texts: Record<string, string> = {
      'conflict.inUse': '{what} حذف شده نمی‌تواند، زیرا {usage} از آن استفاده می‌کنند.',
      'conflict.subjects.department': 'این دیپارتمنت',
      'conflict.kinds.positions_one': '{count} بست',
      'conflict.kinds.positions_other': '{count} بست',
      'conflict.kinds.assessments_one': '{count} ارزیابی',
      'conflict.kinds.assessments_other': '{count} ارزیابی',
    };
    const english: Record<string, string> = {
      'conflict.inUse': '{what} cannot be deleted: it is used by {usage}.',
      'conflict.subjects.department': 'This department',
      'conflict.kinds.positions_one': '{count} position',
      'conflict.kinds.positions_other': '{count} positions',
      'conflict.kinds.assessments_one': '{count} assessment',
      'conflict.kinds.assessments_other': '{count} assessments',
    };
    // A stand-in for i18next's plural resolution (`_one` for 1, `_other` otherwise) and interpolation.
    const translator = (lang: string, table: Record<string, string>): Translator => ({
      resolvedLanguage: lang,
      exists: (key) => key in table || `${key}_one` in table,
      t: (key, params) => {
        const count = params?.count;
        const text = table[typeof count === 'number' ? `${key}_${count === 1 ? 'one' : 'other'}` : key] ?? key;
        return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
      },
    });
    const conflict = apiErrorFrom(409, {
      message: 'This department cannot be deleted: it is used by 3 positions, 1 assessments.',
      code: 'CONFLICT',
      message_key: 'conflict.inUse',
      params: {
        what: 'This department',
        usage: '3 positions, 1 assessments',
        positions: 3,
        trainings: 0,
        assessments: 1,
        'priority lines': 0,
      },
    });
    expect(describeError(translator('en', english), conflict)).toBe(
      'This department cannot be deleted: it is used by 3 positions, 1 assessment.',
    );
    // ICU puts a right-to-left mark after the Persian comma.
    expect(describeError(translator('fa', texts), conflict).replace(/\u200f/g, '')).toBe(
      'این دیپارتمنت حذف شده نمی‌تواند، زیرا 3 بست، 1 ارزیابی از آن استفاده می‌کنند.',
    );
  });

  it('falls back to the English message when the answer names something without a translation', () => {
    const fallback = apiErrorFrom(409, {
      message: 'This thing cannot be deleted: it is used by 2 widgets.',
      code: 'CONFLICT',
      message_key: 'conflict.inUse',
      params: { what: 'This thing', usage: '2 widgets', widgets: 2 },
    });
    const withKey = { ...fa, exists: (key: string) => key === 'conflict.inUse' || fa.exists(key) };
    expect(describeError({ ...withKey, resolvedLanguage: 'en' }, fallback)).toBe(
      'This thing cannot be deleted: it is used by 2 widgets.',
    );
    expect(describeError(withKey, fallback)).toBe('این تغییر با داده‌های فعلی در تضاد است.');
  });

  it('translates a conflict key without counts', () => {
    const self = apiErrorFrom(409, {
      message: 'You cannot delete your own account.',
      code: 'CONFLICT',
      message_key: 'conflict.deleteSelf',
    });
    const withKey: Translator = {
      ...fa,
      exists: (key) => key === 'conflict.deleteSelf' || fa.exists(key),
      t: (key, params) =>
        key === 'conflict.deleteSelf' ? 'شما نمی‌توانید حساب کاربری خود را حذف کنید.' : fa.t(key, params),
    };
    expect(describeError(withKey, self)).toBe('شما نمی‌توانید حساب کاربری خود را حذف کنید.');
  });

  it('maps a status without a body to its code', () => {
    const error = apiErrorFrom(503, null);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('UNAVAILABLE');
  });
});
