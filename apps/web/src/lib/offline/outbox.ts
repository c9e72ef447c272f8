import { useEffect, useState } from 'react';
import { ApiError } from '../api-error';
import { type OutboxEntry, offlineDb, type StoredError } from './db';

export type { OutboxEntry, StoredError } from './db';

/**
 * The outbox: assessments submitted while the server could not be reached, kept in IndexedDB per
 * user until they are sent. Every try of an entry sends its own idempotency key, so a form whose
 * answer was lost mid-send is created exactly once. Changes are announced to this tab and the others
 * (the header's count, the outbox page).
 */
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tna-outbox');
channel?.addEventListener('message', () => emit(false));

function emit(broadcast = true): void {
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage('changed');
}

export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function listOutbox(owner: string): Promise<OutboxEntry[]> {
  try {
    const entries = await (await offlineDb()).getAllFromIndex('outbox', 'owner', owner);
    // ISO times sort as plain strings; localeCompare would build a collator (ICU's data, tens of
    // milliseconds on a cheap phone) for no difference.
    return entries.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  } catch {
    return [];
  }
}

export async function getOutboxEntry(owner: string, id: string): Promise<OutboxEntry | undefined> {
  const entry = await (await offlineDb()).get('outbox', id);
  return entry?.owner === owner ? entry : undefined;
}

/** Add a form or replace a corrected one (same id: the same idempotency key). */
export async function putOutboxEntry(entry: OutboxEntry): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
  emit();
}

export async function removeOutboxEntry(owner: string, id: string): Promise<void> {
  const db = await offlineDb();
  const entry = await db.get('outbox', id);
  if (entry?.owner !== owner) return;
  await db.delete('outbox', id);
  emit();
}

/** Everything one user left in the outbox (sign-out with "discard"). */
export async function clearOutbox(owner: string): Promise<void> {
  const db = await offlineDb();
  const keys = await db.getAllKeysFromIndex('outbox', 'owner', owner);
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
  emit();
}

export function storedErrorOf(error: ApiError): StoredError {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    errors: error.errors,
    errorKeys: error.errorKeys,
    messageKey: error.messageKey,
    params: error.params,
  };
}

export function apiErrorOf(stored: StoredError): ApiError {
  return new ApiError({ ...stored, code: stored.code as ApiError['code'] });
}

/**
 * Whether a failed send is worth trying again later as it is: no answer, a time-out, a gateway or
 * server error, too many requests, or the server still saving the same key from another tab.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) return true;
  return error.status === 409 && error.messageKey === 'conflict.inFlight';
}

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Entries still waiting (the link dropped again, or the session ended). */
  waiting: number;
}

let draining: Promise<DrainResult> | null = null;

/**
 * Send a user's waiting forms, oldest first, one at a time. A refused form (422, 409, 403...) is
 * marked with the server's errors and skipped; a transient failure or a 401 stops the round, to be
 * tried again at the next chance. One round at a time in this tab, and in all tabs where the browser
 * has Web Locks.
 */
export function drainOutbox(owner: string, send: (entry: OutboxEntry) => Promise<void>): Promise<DrainResult> {
  if (draining) return draining;
  const run = async (): Promise<DrainResult> => {
    const result: DrainResult = { sent: 0, rejected: 0, waiting: 0 };
    const entries = (await listOutbox(owner)).filter((entry) => entry.state === 'waiting');
    for (const [index, entry] of entries.entries()) {
      // Read again: the entry may have been corrected or deleted meanwhile.
      const current = await getOutboxEntry(owner, entry.id);
      if (current?.state !== 'waiting') continue;
      try {
        await send(current);
        await removeOutboxEntry(owner, current.id);
        result.sent += 1;
      } catch (error) {
        const attempts = current.attempts + 1;
        if (isTransient(error) || (error instanceof ApiError && error.status === 401)) {
          await putOutboxEntry({ ...current, attempts });
          result.waiting = entries.length - index;
          return result;
        }
        const stored = error instanceof ApiError ? storedErrorOf(error) : undefined;
        await putOutboxEntry({ ...current, attempts, state: 'rejected', error: stored });
        result.rejected += 1;
      }
    }
    return result;
  };
  const locked =
    typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('tna-outbox', run) : run();
  draining = locked.finally(() => {
    draining = null;
  });
  return draining;
}

/** A user's outbox, kept up to date as it changes (in this tab or another). */
export function useOutbox(owner: string | null): { entries: OutboxEntry[]; loaded: boolean } {
  const [state, setState] = useState<{ entries: OutboxEntry[]; loaded: boolean }>({ entries: [], loaded: false });
  useEffect(() => {
    if (!owner) return;
    let alive = true;
    const load = () => void listOutbox(owner).then((entries) => alive && setState({ entries, loaded: true }));
    load();
    const stop = onOutboxChange(load);
    return () => {
      alive = false;
      stop();
    };
  }, [owner]);
  return state;
}
