import type { LoginInput, LoginResponse } from '@tna/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/password.js';
import {
  createSession,
  findUserForLogin,
  recentFailures,
  recordAttempt,
  revokeSession,
  roleNamesOf,
} from './auth.repository.js';

/** Failed sign-ins allowed a minute, per email and per address, before 429. */
export const LOGIN_FAILURES_PER_MINUTE = 10;

export const LOGIN_FAILED_MESSAGE = 'These credentials do not match our records.';
export const RATE_LIMITED_MESSAGE = 'Too many failed sign-in attempts. Please wait a minute and try again.';

/**
 * Check the credentials and open a session. The answer for an unknown email and for a wrong password
 * is the same, and takes as long.
 */
export async function login(
  db: Db,
  input: LoginInput,
  meta: { ip: string; userAgent: string | null; ttlSeconds: number },
): Promise<LoginResponse> {
  const email = input.email.toLowerCase();
  const failures = await recentFailures(db, email, meta.ip);
  if (failures.byEmail >= LOGIN_FAILURES_PER_MINUTE || failures.byIp >= LOGIN_FAILURES_PER_MINUTE) {
    throw new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);
  }
  const user = await findUserForLogin(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    await recordAttempt(db, email, meta.ip, false);
    throw AppError.unauthenticated(LOGIN_FAILED_MESSAGE);
  }
  await recordAttempt(db, email, meta.ip, true);
  const token = await createSession(db, user.id, meta.ttlSeconds, meta);
  const roles = await roleNamesOf(db, user.id);
  return { success: { token, email: user.email, roles } };
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}
