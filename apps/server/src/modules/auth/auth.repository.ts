import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts, roles, sessions, userProvinces, userRoles, users } from '../../db/schema/index.js';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  roleRefs: { id: number; name: string }[];
  /** The provinces the user works in (issue 13); empty = every province. */
  provinces: number[];
  createdAt: Date;
}

/** A user's provinces as an int array, read with the user (one query, however many rows). */
export const provincesOf = (userId: unknown) =>
  sql<
    number[]
  >`array(select ${userProvinces.provinceId} from ${userProvinces} where ${userProvinces.userId} = ${userId} order by 1)`;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionUser {
  user: AuthUser;
  sessionId: number;
  expiresAt: Date;
}

/** The user behind a token's hash, if its session exists, has not expired and was not revoked. */
export async function findSessionUser(db: Executor, tokenHash: string): Promise<SessionUser | null> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      role: roles.name,
      roleId: roles.id,
      provinces: provincesOf(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
  const first = rows[0];
  if (!first) return null;
  return {
    sessionId: first.sessionId,
    expiresAt: first.expiresAt,
    user: {
      id: first.id,
      name: first.name,
      email: first.email,
      createdAt: first.createdAt,
      roles: rows.flatMap((r) => (r.role ? [r.role] : [])),
      roleRefs: rows.flatMap((r) => (r.role && r.roleId ? [{ id: r.roleId, name: r.role }] : [])),
      provinces: (first.provinces ?? []).map(Number),
    },
  };
}

export async function findUserForLogin(db: Executor, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

export async function roleNamesOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.id);
  return rows.map((r) => r.name);
}

export async function createSession(
  db: Executor,
  userId: number,
  ttlSeconds: number,
  meta: { ip: string; userAgent: string | null },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return token;
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revoke every open session of a user, except the one given (the caller's own). */
export async function revokeUserSessions(db: Executor, userId: number, exceptSessionId?: number | null): Promise<void> {
  const open = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(exceptSessionId ? and(open, sql`${sessions.id} <> ${exceptSessionId}`) : open);
}

/** Failed sign-ins in the last `seconds`: of this email from this address, of this email, and from this address. */
export async function recentFailures(
  db: Executor,
  email: string,
  ip: string,
  seconds: number,
): Promise<{ byPair: number; byEmail: number; byIp: number }> {
  const [row] = await db
    .select({
      byPair: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email} and ${loginAttempts.ipAddress} = ${ip})::int`,
      byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${loginAttempts.ipAddress} = ${ip})::int`,
    })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${seconds})`),
        sql`(${loginAttempts.email} = ${email} or ${loginAttempts.ipAddress} = ${ip})`,
      ),
    );
  return { byPair: row?.byPair ?? 0, byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
}

/** Whether this user opened a session from this address in the last `days` (a place they sign in from). */
export async function signedInFrom(db: Executor, userId: number, ip: string, days: number): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.ipAddress, ip),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function recordAttempt(db: Executor, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ipAddress: ip, succeeded });
  // Keep the table small: attempts older than a day serve no limit.
  if (Math.random() < 0.01) {
    await db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - interval '1 day'`);
  }
}
