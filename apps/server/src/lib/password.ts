import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { concurrencyLimit } from './limit.js';

// @node-rs/argon2 hashes with argon2id by default; these are OWASP's recommended minimums.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most one hash a core at a time. Each takes its 19 MiB while it runs, on libuv's four threads;
 * with more hashes at once than cores none finishes sooner, and a burst of sign-ins held four
 * hashes' memory at once (README, "What each server instance keeps in memory").
 */
const oneHashACore = concurrencyLimit(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return oneHashACore(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashACore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// A hash of a random password, verified against when the email is unknown, so that a missing
// account answers as slowly as a wrong password and timing does not reveal which emails exist.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** A strong random password of 20 characters, letters and digits, for generated accounts. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
