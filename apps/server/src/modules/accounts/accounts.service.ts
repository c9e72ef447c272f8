import { createHash, randomBytes } from 'node:crypto';
import {
  type AccountRequestDto,
  encodeMessage,
  type Language,
  type PasswordResetDto,
  type RegisterInput,
  type Role,
} from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db, Executor } from '../../db/client.js';
import { accountRequests, passwordResets, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import { emailTaken, findUser, roleIdByName, setUserRole } from '../users/users.repository.js';
import {
  hasOpenReset,
  hasPendingRequest,
  liveResets,
  lockLiveLink,
  lockRequest,
  lockResetWithUser,
  pendingRequests,
  unfinishedResets,
  userIdByEmail,
} from './accounts.repository.js';

/** How long a password link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a mail about a request goes to, in the language they asked in. */
export interface MailContact {
  email: string;
  name: string;
  language: Language;
}

/**
 * File an account request. The answer is the same whether or not the email is known, so the page
 * cannot be used to find out who has an account; a second request for the same email is ignored.
 */
export async function requestAccount(
  db: Db,
  actor: Actor,
  input: RegisterInput,
  language: Language = 'en',
): Promise<void> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  await audited(db, actor, async (w) => {
    if (await emailTaken(w.tx, email)) return;
    if (await hasPendingRequest(w.tx, email)) return;
    const name = input.name?.trim() || email.split('@')[0]!;
    await w.insert(accountRequests, 'AccountRequest', { name, email, passwordHash, language });
  });
}

export function listAccountRequests(db: Db): Promise<AccountRequestDto[]> {
  return pendingRequests(db);
}

async function pendingRequest(db: Executor, id: number) {
  const row = await lockRequest(db, id);
  if (!row) throw AppError.notFound('The account request');
  if (row.status !== 'pending') {
    throw AppError.conflict(`This account request was already ${row.status}.`, 'conflict.requestDecided', {
      status: row.status,
    });
  }
  return row;
}

/**
 * Accept a request with a role: the user is created with the password they chose, and may sign in.
 * Answers the user and who to tell.
 */
export async function acceptAccountRequest(db: Db, actor: Actor, id: number, role: Role) {
  const { userId, contact } = await audited(db, actor, async (w) => {
    const request = await pendingRequest(w.tx, id);
    if (await emailTaken(w.tx, request.email)) {
      throw AppError.conflict('A user with this email exists already.', 'conflict.emailTaken');
    }
    const roleId = await roleIdByName(w.tx, role);
    const user = await w.insert(
      users,
      'User',
      { name: request.name, email: request.email, passwordHash: request.passwordHash },
      { roles: [role] },
    );
    await setUserRole(w.tx, user.id, roleId!);
    await w.update(accountRequests, 'AccountRequest', id, {
      status: 'accepted',
      role,
      decidedBy: actor.userId,
      decidedAt: new Date(),
    });
    return { userId: user.id, contact: contactOf(request) };
  });
  return { user: await findUser(db, userId), contact };
}

function contactOf(row: { email: string; name: string; language: string }): MailContact {
  return { email: row.email, name: row.name, language: row.language as Language };
}

/** Refuse a request; answers who to tell. */
export async function refuseAccountRequest(db: Db, actor: Actor, id: number): Promise<MailContact> {
  return audited(db, actor, async (w) => {
    const request = await pendingRequest(w.tx, id);
    await w.update(accountRequests, 'AccountRequest', id, {
      status: 'refused',
      decidedBy: actor.userId,
      decidedAt: new Date(),
    });
    return contactOf(request);
  });
}

/** File a reset request for a known email; the same answer either way. One open request per user. */
export async function requestPasswordReset(
  db: Db,
  actor: Actor,
  email: string,
  language: Language = 'en',
): Promise<void> {
  await audited(db, actor, async (w) => {
    const userId = await userIdByEmail(w.tx, email.toLowerCase());
    if (userId === undefined || (await hasOpenReset(w.tx, userId))) return;
    await w.insert(passwordResets, 'PasswordReset', { userId, language });
  });
}

/** Requests waiting for an admin, and links that still work. */
export function listPasswordResets(db: Db): Promise<PasswordResetDto[]> {
  return liveResets(db);
}

/**
 * Create the one-time link of a reset request (a new link replaces an earlier one). Only the token's
 * hash is stored; the token itself is in the answer, once.
 */
export async function createResetLink(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ token: string; expiresAt: Date; contact: MailContact }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MS);
  return audited(db, actor, async (w) => {
    const row = await lockResetWithUser(w.tx, id);
    if (!row) throw AppError.notFound('The password reset request');
    if (!['open', 'link_created'].includes(row.r.status)) {
      throw AppError.conflict(`This request is ${row.r.status}.`, 'conflict.requestDecided', { status: row.r.status });
    }
    await w.update(passwordResets, 'PasswordReset', id, {
      status: 'link_created',
      tokenHash: hashToken(token),
      expiresAt,
      linkCreatedBy: actor.userId,
    });
    return { token, expiresAt, contact: contactOf({ ...row, language: row.r.language }) };
  });
}

/**
 * Set a new password with a link's token: once, within the hour. All the user's sessions end, and
 * any other open request of theirs is closed.
 */
export async function recoverPassword(db: Db, actor: Actor, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await audited(db, actor, async (w) => {
    const reset = await lockLiveLink(w.tx, hashToken(token));
    if (!reset) throw AppError.field('token', encodeMessage('validation.resetLink'));
    await w.update(
      users,
      'User',
      reset.userId,
      { passwordHash },
      { password_changed: false },
      { password_changed: true },
    );
    await w.update(passwordResets, 'PasswordReset', reset.id, { status: 'used', usedAt: new Date() });
    for (const other of await unfinishedResets(w.tx, reset.userId)) {
      await w.update(passwordResets, 'PasswordReset', other, { status: 'closed' });
    }
    await revokeUserSessions(w.tx, reset.userId);
  });
}
