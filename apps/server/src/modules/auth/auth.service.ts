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
  signedInFrom,
} from './auth.repository.js';

/**
 * How failed sign-ins are limited (README, Security). A provincial office shares one public address,
 * so a limit per address alone would lock out the whole office, and a limit per email alone lets
 * anyone lock a colleague out by typing their email. So failures are counted three ways in a window:
 * - per (email, address): the pair that is guessing stops after `pair` failures;
 * - per address, whatever the email: much higher, `address`, against one place trying many accounts;
 * - per email, from every address: past `email`, only an address this account signed in from in the
 *   last `knownAddressDays` gets a password check, so a guesser spread over many addresses gets no
 *   more tries while the rightful user, at their usual office, still signs in.
 */
export const LOGIN_LIMITS = { windowSeconds: 60, pair: 10, address: 50, email: 20, knownAddressDays: 30 } as const;

export const LOGIN_FAILED_MESSAGE = 'These credentials do not match our records.';
export const RATE_LIMITED_MESSAGE = 'Too many failed sign-in attempts. Please wait a minute and try again.';
export const ACCOUNT_LIMITED_MESSAGE =
  'Too many failed sign-in attempts for this account from other places. Please wait a minute, or sign in from where you usually do.';

/** 429 with a message key, so the sign-in page says it in the reader's language. */
function rateLimited(message: string, key: string): AppError {
  return new AppError('RATE_LIMITED', message, undefined, { key });
}

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
  const failures = await recentFailures(db, email, meta.ip, LOGIN_LIMITS.windowSeconds);
  if (failures.byPair >= LOGIN_LIMITS.pair || failures.byIp >= LOGIN_LIMITS.address) {
    throw rateLimited(RATE_LIMITED_MESSAGE, 'auth.loginLimited');
  }
  const user = await findUserForLogin(db, email);
  if (failures.byEmail >= LOGIN_LIMITS.email) {
    const known = user ? await signedInFrom(db, user.id, meta.ip, LOGIN_LIMITS.knownAddressDays) : false;
    if (!known) throw rateLimited(ACCOUNT_LIMITED_MESSAGE, 'auth.accountLimited');
  }
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
