import { z } from 'zod';
import { LOGIN_PASSWORD_MIN, ROLES, USER_PASSWORD_MAX, USER_PASSWORD_MIN } from './constants.js';
import { encodeMessage } from './messages.js';
import {
  EMAIL_MAX,
  oneOf,
  optionalId,
  optionalText,
  plainString,
  required,
  requiredId,
  requiredText,
  userEmail,
} from './validation.js';

const minLength = encodeMessage('validation.minlength');
const maxLength = encodeMessage('validation.maxlength');
const confirm = encodeMessage('validation.confirmPassword', { value: 'password' });

/** SPEC 5 login: email required and valid; password required, at least 4 characters. */
export const loginSchema = z.object({
  email: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(EMAIL_MAX, { error: maxLength })
    .pipe(z.email({ error: encodeMessage('validation.email') })),
  password: plainString().min(1, { error: required }).min(LOGIN_PASSWORD_MIN, { error: minLength }),
});
export type LoginInput = z.infer<typeof loginSchema>;

function userPassword() {
  return plainString(encodeMessage('validation.pattern')).max(USER_PASSWORD_MAX, { error: maxLength });
}

/**
 * SPEC 5 user form. The same call creates, and updates when `id` is given; on update an empty
 * password keeps the current one.
 */
export const userFormSchema = z
  .object({
    id: optionalId(),
    name: requiredText(255),
    email: userEmail(),
    password: userPassword().nullish(),
    c_password: plainString(encodeMessage('validation.pattern')).nullish(),
    role: oneOf(ROLES),
    /**
     * The provinces the user works in (issue 13): none = every province. Optional: a client that
     * leaves it out (one written against the spec) keeps the set as it was on an edit.
     */
    provinces: z
      .array(requiredId(), { error: encodeMessage('validation.oneOf') })
      .max(100, { error: maxLength })
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
      .optional(),
  })
  .superRefine(
    (v, ctx) => {
      // Forced to run on any input (see `when` below): a body that is not an object has no passwords.
      if (!v || typeof v !== 'object') return;
      const password = typeof v.password === 'string' ? v.password : '';
      const isUpdate = v.id != null;
      if (!password) {
        if (!isUpdate) ctx.addIssue({ code: 'custom', path: ['password'], message: required });
      } else if (password.length < USER_PASSWORD_MIN) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: minLength });
      }
      if (password || !isUpdate) {
        if (!v.c_password) ctx.addIssue({ code: 'custom', path: ['c_password'], message: required });
        else if (v.c_password !== password) ctx.addIssue({ code: 'custom', path: ['c_password'], message: confirm });
      }
    },
    // Check the passwords even while other fields are still invalid, so the form shows every error at once.
    { when: () => true },
  );
export type UserFormInput = z.infer<typeof userFormSchema>;

/**
 * SPEC 5 profile: name, email, password and c_password; the password must equal c_password. The
 * email is shown read-only and is never changed through this call.
 */
export const profileSchema = z
  .object({
    id: optionalId(),
    name: requiredText(255),
    email: plainString(encodeMessage('validation.pattern')).nullish(),
    password: z
      .string({ error: required })
      .min(1, { error: required })
      .min(USER_PASSWORD_MIN, { error: minLength })
      .max(USER_PASSWORD_MAX, { error: maxLength }),
    c_password: plainString().min(1, { error: required }),
  })
  .superRefine(
    (v, ctx) => {
      // Forced to run on any input (see `when` below): a body that is not an object has no passwords.
      if (!v || typeof v !== 'object') return;
      if (v.c_password && v.password !== v.c_password) {
        ctx.addIssue({ code: 'custom', path: ['c_password'], message: confirm });
      }
    },
    { when: () => true },
  );
export type ProfileInput = z.infer<typeof profileSchema>;

/** A role as the API returns it (SPEC 3: list of objects with id and name). */
export interface RoleRef {
  id: number;
  name: string;
}

/** A user as the API returns it. Never carries a password. */
export interface UserDto {
  id: number;
  name: string;
  email: string;
  roles: RoleRef[];
  /** The ids of the provinces the user works in (issue 13); empty = every province. */
  provinces: number[];
  created_at: string;
}

/** POST /login answer (SPEC 7). */
export interface LoginResponse {
  success: { token: string; email: string; roles: string[] };
}

/** GET /details answer (SPEC 7). */
export interface ProfileResponse {
  success: UserDto;
}

/**
 * SPEC 5 register: email, password and retype password required (the form also has a name, optional,
 * so the admin who accepts the request knows who asked). The password follows the user-creation rules.
 */
export const registerSchema = z
  .object({
    name: optionalText(255),
    email: userEmail(),
    password: z
      .string({ error: required })
      .min(1, { error: required })
      .min(USER_PASSWORD_MIN, { error: minLength })
      .max(USER_PASSWORD_MAX, { error: maxLength }),
    retypePassword: plainString().min(1, { error: required }),
    agree: z.boolean().nullish(),
  })
  .superRefine(
    (v, ctx) => {
      // Forced to run on any input (see `when` below): a body that is not an object has no passwords.
      if (!v || typeof v !== 'object') return;
      if (v.retypePassword && v.password !== v.retypePassword) {
        ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: confirm });
      }
    },
    { when: () => true },
  );
export type RegisterInput = z.infer<typeof registerSchema>;

/** SPEC 5 forgot password: email required. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(EMAIL_MAX, { error: maxLength })
    .pipe(z.email({ error: encodeMessage('validation.email') })),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** SPEC 5 recover password: password and confirmPassword required, with the user-creation rules. */
export const recoverPasswordSchema = z
  .object({
    token: plainString().trim().min(1, { error: required }).max(200),
    password: z
      .string({ error: required })
      .min(1, { error: required })
      .min(USER_PASSWORD_MIN, { error: minLength })
      .max(USER_PASSWORD_MAX, { error: maxLength }),
    confirmPassword: plainString().min(1, { error: required }),
  })
  .superRefine(
    (v, ctx) => {
      // Forced to run on any input (see `when` below): a body that is not an object has no passwords.
      if (!v || typeof v !== 'object') return;
      if (v.confirmPassword && v.password !== v.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: confirm });
      }
    },
    { when: () => true },
  );
export type RecoverPasswordInput = z.infer<typeof recoverPasswordSchema>;

/** An admin accepts an account request with a role. */
export const acceptAccountSchema = z.object({ role: oneOf(ROLES) });

export interface AccountRequestDto {
  id: number;
  name: string;
  email: string;
  status: 'pending' | 'accepted' | 'refused';
  created_at: string;
}

export interface PasswordResetDto {
  id: number;
  user_id: number;
  name: string;
  email: string;
  status: 'open' | 'link_created' | 'used' | 'closed';
  expires_at: string | null;
  created_at: string;
}
