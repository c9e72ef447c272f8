import { STORAGE_KEYS } from '@tna/domain';
import { useSyncExternalStore } from 'react';

/**
 * The browser session of SPEC 3: token, email and roles (comma-separated text) in localStorage.
 * Components read it through `useSession`, so clearing the token anywhere (sign out, HTTP 401)
 * re-renders the route guards, which then send the user to /login.
 */
export interface StoredSession {
  token: string | null;
  email: string | null;
  roles: readonly string[];
}

const listeners = new Set<() => void>();
let snapshot: StoredSession | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

export function parseRoles(text: string | null): string[] {
  return (text ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
}

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

export function getSession(): StoredSession {
  if (!snapshot) {
    snapshot = {
      token: read(STORAGE_KEYS.token),
      email: read(STORAGE_KEYS.email),
      roles: parseRoles(read(STORAGE_KEYS.roles)),
    };
  }
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

export function saveSession(session: { token: string; email: string; roles: readonly string[] }): void {
  write(STORAGE_KEYS.token, session.token);
  write(STORAGE_KEYS.email, session.email);
  write(STORAGE_KEYS.roles, session.roles.join(','));
  changed();
}

/** Keep the stored email and roles in step with the profile the server returned. */
export function updateIdentity(identity: { email: string; roles: readonly string[] }): void {
  const current = getSession();
  const roles = identity.roles.join(',');
  if (current.email === identity.email && current.roles.join(',') === roles) return;
  write(STORAGE_KEYS.email, identity.email);
  write(STORAGE_KEYS.roles, roles);
  changed();
}

/** SPEC 4: without a token the guard clears email and roles. */
export function clearIdentity(): void {
  if (read(STORAGE_KEYS.email) === null && read(STORAGE_KEYS.roles) === null) return;
  write(STORAGE_KEYS.email, null);
  write(STORAGE_KEYS.roles, null);
  changed();
}

export function clearSession(): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.email, null);
  write(STORAGE_KEYS.roles, null);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Signing out in one tab signs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) changed();
  });
}

export function useSession(): StoredSession {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
