import { encodeMessage, type ProfileInput, type UserDto, type UserFormInput } from '@tna/domain';
import { type Actor, type AuditedTx, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import {
  countAdmins,
  emailTaken,
  findUser,
  listUsers,
  roleIdByName,
  setUserProvinces,
  setUserRole,
  unknownProvinces,
  userExists,
  userUsage,
} from './users.repository.js';

export { listUsers };

const roleNames = (u: UserDto) => u.roles.map((r) => r.name);

/**
 * Create a user, or update one when `id` is given (an empty password keeps the current one). The
 * last admin keeps the admin role. Changing someone's password or role signs them out everywhere.
 * `provinces` left out keeps the user's set; an empty list means every province.
 */
export async function saveUser(db: Db, actor: Actor, input: UserFormInput): Promise<UserDto> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const id = await audited(db, actor, (w) => writeUser(w, input, passwordHash));
  return (await findUser(db, id))!;
}

/**
 * The write of saveUser in the caller's transaction, with its rules and audit entry (an import writes
 * a batch of users in one transaction through it); the password comes hashed. Answers the user's id.
 */
export async function writeUser(w: AuditedTx, input: UserFormInput, passwordHash: string | null): Promise<number> {
  const email = input.email.toLowerCase();
  if (await emailTaken(w.tx, email, input.id)) {
    throw AppError.field('email', encodeMessage('validation.unique', { value: email }));
  }
  const roleId = await roleIdByName(w.tx, input.role);
  if (!roleId) throw AppError.field('role', encodeMessage('validation.oneOf'));
  const provinces = input.provinces;
  if (provinces?.length && (await unknownProvinces(w.tx, provinces)).length) {
    throw AppError.field('provinces', encodeMessage('validation.oneOf'));
  }

  if (input.id == null) {
    const user = await w.insert(
      users,
      'User',
      { name: input.name, email, passwordHash: passwordHash! },
      { roles: [input.role], provinces: provinces ?? [] },
    );
    await setUserRole(w.tx, user.id, roleId);
    if (provinces?.length) await setUserProvinces(w.tx, user.id, provinces);
    return user.id;
  }

  const before = await findUser(w.tx, input.id);
  if (!before) throw AppError.notFound('The user');
  const wasAdmin = roleNames(before).includes('admin');
  if (wasAdmin && input.role !== 'admin' && (await countAdmins(w.tx)) <= 1) {
    throw AppError.field('role', encodeMessage('validation.lastAdmin'));
  }
  await w.update(
    users,
    'User',
    input.id,
    { name: input.name, email, ...(passwordHash ? { passwordHash } : {}) },
    { roles: roleNames(before), provinces: before.provinces },
    { roles: [input.role], provinces: provinces ?? before.provinces },
  );
  const roleChanged = roleNames(before).join() !== input.role;
  if (roleChanged) await setUserRole(w.tx, input.id, roleId);
  // A change of provinces needs no sign-out: the signed-in user is read again on the next request
  // (the auth topic, see SessionCache), so the new set applies from then on.
  if (provinces && provinces.join() !== before.provinces.join()) await setUserProvinces(w.tx, input.id, provinces);
  if (roleChanged || passwordHash) {
    const sameUser = w.actor.userId === input.id;
    await revokeUserSessions(w.tx, input.id, sameUser ? w.actor.sessionId : null);
  }
  return input.id;
}

/** Delete a user. Not yourself, not the last admin, and not someone whose records still refer to them. */
export async function deleteUser(db: Db, actor: Actor, id: number): Promise<void> {
  await audited(db, actor, async (w) => {
    const user = await findUser(w.tx, id);
    if (!user) throw AppError.notFound('The user');
    if (actor.userId === id) throw AppError.conflict('You cannot delete your own account.', 'conflict.deleteSelf');
    if (roleNames(user).includes('admin') && (await countAdmins(w.tx)) <= 1) {
      throw AppError.conflict('The last admin cannot be deleted.', 'conflict.lastAdmin');
    }
    const usage = await userUsage(w.tx, id);
    if (usage.assessments > 0 || usage.reviews > 0) {
      throw AppError.inUse('This user', { assessments: usage.assessments, 'history entries': usage.reviews });
    }
    await w.delete(users, 'User', id, { roles: roleNames(user) });
  });
}

/** A user changes their own name and password; the email stays as it is. */
export async function updateProfile(db: Db, actor: Actor, userId: number, input: ProfileInput): Promise<UserDto> {
  if (input.id != null && input.id !== userId) throw AppError.forbidden('You can only change your own profile.');
  const passwordHash = await hashPassword(input.password);
  await audited(db, actor, async (w) => {
    if (!(await userExists(w.tx, userId))) throw AppError.notFound('The user');
    await w.update(users, 'User', userId, { name: input.name, passwordHash });
    await revokeUserSessions(w.tx, userId, actor.sessionId);
  });
  return (await findUser(db, userId))!;
}
