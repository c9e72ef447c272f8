import type { AccountRequestDto, PasswordResetDto } from '@tna/domain';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountRequests, passwordResets, users } from '../../db/schema/index.js';

/** Whether an account request for this email (lower-cased) is waiting for an admin. */
export async function hasPendingRequest(db: Executor, email: string): Promise<boolean> {
  const [pending] = await db
    .select({ id: accountRequests.id })
    .from(accountRequests)
    .where(and(sql`lower(${accountRequests.email}) = ${email}`, eq(accountRequests.status, 'pending')));
  return pending !== undefined;
}

/** The account requests waiting for an admin, oldest first. */
export async function pendingRequests(db: Executor): Promise<AccountRequestDto[]> {
  const rows = await db
    .select()
    .from(accountRequests)
    .where(eq(accountRequests.status, 'pending'))
    .orderBy(asc(accountRequests.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status as AccountRequestDto['status'],
    created_at: r.createdAt.toISOString(),
  }));
}

/** An account request, locked until the transaction ends (two admins deciding it at once: one wins). */
export async function lockRequest(db: Executor, id: number) {
  const [row] = await db.select().from(accountRequests).where(eq(accountRequests.id, id)).for('update');
  return row;
}

/** The id of the user with this email (lower-cased), if any. */
export async function userIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id;
}

/** Whether a user has a reset request an admin has not acted on. */
export async function hasOpenReset(db: Executor, userId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), eq(passwordResets.status, 'open')));
  return open !== undefined;
}

/** Reset requests waiting for an admin, and links that still work, oldest first. */
export async function liveResets(db: Executor): Promise<PasswordResetDto[]> {
  const rows = await db
    .select({ r: passwordResets, name: users.name, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      sql`${passwordResets.status} = 'open' or (${passwordResets.status} = 'link_created' and ${passwordResets.expiresAt} > now())`,
    )
    .orderBy(asc(passwordResets.createdAt));
  return rows.map(({ r, name, email }) => ({
    id: r.id,
    user_id: r.userId,
    name,
    email,
    status: r.status as PasswordResetDto['status'],
    expires_at: r.expiresAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

/** A reset request with its user's email and name, locked until the transaction ends. */
export async function lockResetWithUser(db: Executor, id: number) {
  const [row] = await db
    .select({ r: passwordResets, email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.id, id))
    .for('update', { of: passwordResets });
  return row;
}

/** The reset whose link has this token hash and still works, locked until the transaction ends. */
export async function lockLiveLink(db: Executor, tokenHash: string) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.status, 'link_created'),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  return reset;
}

/** The ids of a user's reset requests that are open or have a link. */
export async function unfinishedResets(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), inArray(passwordResets.status, ['open', 'link_created'])));
  return rows.map((r) => r.id);
}
