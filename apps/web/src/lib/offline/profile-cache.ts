import type { ProfileResponse } from '@tna/domain';

export type Profile = ProfileResponse['success'];

/**
 * The profile last seen for a user, kept in localStorage so that the shell, the user menu and the
 * role checks still work while the server cannot be reached. Per user (by the email signed in with);
 * removed when that user signs out.
 */
const keyOf = (email: string) => `tna-profile:${email}`;

export function readLastProfile(email: string | null): Profile | undefined {
  if (!email) return undefined;
  try {
    const text = window.localStorage.getItem(keyOf(email));
    return text ? (JSON.parse(text) as Profile) : undefined;
  } catch {
    return undefined;
  }
}

export function writeLastProfile(email: string | null, profile: Profile): void {
  if (!email) return;
  try {
    window.localStorage.setItem(keyOf(email), JSON.stringify(profile));
  } catch {
    // Storage full or unavailable: the profile is then fetched again next time.
  }
}

export function forgetLastProfile(email: string | null): void {
  if (!email) return;
  try {
    window.localStorage.removeItem(keyOf(email));
  } catch {
    // Nothing to remove.
  }
}
