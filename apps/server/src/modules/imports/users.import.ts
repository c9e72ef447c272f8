import { fieldErrorsOf, type Role, type UserFormInput, userFormSchema } from '@tna/domain';
import { generatePassword, hashPassword } from '../../lib/password.js';
import { writeUser } from '../users/users.service.js';
import { USER_COLUMNS } from './columns.js';
import { type ImportHandler, matchError, type RowError, rowErrors } from './handler.js';
import { usersByEmail } from './imports.repository.js';
import { text } from './values.js';

const EXAMPLE = 'example.user@moph.gov.af';

/** A user row as the users service takes it, with the provinces the row names (none = every province). */
export type UserRow = UserFormInput & { provinces: number[]; passwordHash?: string | null };

type Existing = { id: number; name: string; email: string; role: string | null; provinces: number[] };

/** The same provinces, in whatever order the row or the database lists them. */
const sameSet = (a: number[], b: number[]) => [...a].sort().join() === [...new Set(b)].sort().join();

/** Separators people put between provinces: ; ؛ , ، */
const LIST_SEPARATOR = /[;؛,،]/;

/**
 * Staff accounts, recognised by their email: a known email is updated (name, role, and the password
 * when the row gives one), a new one created. A new account without a password gets a random one
 * nobody knows: the person asks for a link on the Forgot Password page.
 */
export const usersImport: ImportHandler<UserRow, Existing> = {
  kind: 'users',
  columns: USER_COLUMNS,
  exampleKey: EXAMPLE,

  parse(cell, { lookup, values }) {
    const errors: RowError[] = [];
    const email = text(cell('email'))?.toLowerCase() ?? null;
    const password = cell('password') === null ? null : String(cell('password'));
    const provinces: number[] = [];
    for (const name of (text(cell('provinces')) ?? '').split(LIST_SEPARATOR)) {
      if (!name.trim()) continue;
      const p = lookup.province(name.trim());
      if ('id' in p) provinces.push(p.id);
      else errors.push(matchError('provinces', p, name.trim()));
    }
    // Checked as an edit when no password is given: a new account then gets a random one.
    const input = {
      id: password ? null : 1,
      name: text(cell('name')),
      email,
      password,
      c_password: password,
      role: values.value('role', cell('role')),
    };
    const result = userFormSchema.safeParse(input);
    if (!result.success) errors.push(...rowErrors(fieldErrorsOf(result.error)).filter((e) => e.field !== 'c_password'));
    if (email === EXAMPLE) return { errors: [], example: true };
    if (errors.length || !result.success) return { errors, ...(email ? { key: email } : {}) };
    const ids = [...new Set(provinces)].sort((a, b) => a - b);
    return { value: { ...result.data, id: null, provinces: ids }, key: email!, errors };
  },

  async existing(db, keys) {
    return new Map((await usersByEmail(db, keys)).map((u) => [u.email, u]));
  },

  plan(value, existing) {
    if (!existing) return { outcome: 'create' };
    const unchanged =
      existing.name === value.name &&
      existing.role === value.role &&
      sameSet(existing.provinces.map(Number), value.provinces) &&
      !value.password;
    return { outcome: unchanged ? 'unchanged' : 'update', id: existing.id };
  },

  /** Passwords are hashed before the batch's transaction (argon2 takes a moment each), four at a time. */
  async prepare(items) {
    for (let i = 0; i < items.length; i += 4) {
      await Promise.all(
        items.slice(i, i + 4).map(async ({ value, plan }) => {
          const password = value.password || (plan.outcome === 'create' ? generatePassword() : null);
          value.passwordHash = password ? await hashPassword(password) : null;
        }),
      );
    }
  },

  async write(w, items) {
    for (const { value, plan } of items) {
      const input: UserFormInput & { provinces: number[] } = {
        id: plan.outcome === 'create' ? null : plan.id,
        name: value.name,
        email: value.email,
        password: null,
        c_password: null,
        role: value.role as Role,
        provinces: value.provinces,
      };
      await writeUser(w, input, value.passwordHash ?? null);
    }
  },
};
