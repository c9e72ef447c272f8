import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** A form waiting in the outbox (see outbox.ts). */
export interface OutboxEntry {
  /** The idempotency key: the entry's id, and the header of every try, so the form is created once. */
  id: string;
  /** The email of the user who submitted it: nobody else sees or sends it. */
  owner: string;
  /** What the form showed (for opening and correcting it); owned by the assessments feature. */
  values: unknown;
  /** The two multipart parts of POST /api/tnas. */
  data: Record<string, unknown>;
  priorities: { department: number; training: number; priority: number }[];
  createdAt: string;
  updatedAt: string;
  /** 'waiting': sent at the next chance; 'rejected': the server refused it (422/409), to be corrected. */
  state: 'waiting' | 'rejected';
  attempts: number;
  /** The server's answer to the last try, when it refused the form. */
  error?: StoredError;
}

/** An ApiError as plain data (IndexedDB keeps no class instances). */
export interface StoredError {
  status: number;
  code: string;
  message: string;
  errors: Record<string, string[]>;
  errorKeys: Record<string, string[]>;
  messageKey?: string | undefined;
  params: Record<string, string | number>;
}

/** The lists the assessment form needs, for one user, as the server last gave them. */
export interface ReferenceSnapshot {
  owner: string;
  savedAt: string;
  lists: Record<string, unknown>;
}

interface OfflineDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { owner: string } };
  reference: { key: string; value: ReferenceSnapshot };
}

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;

/** The app's IndexedDB database (one per origin), opened once. */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>('tna-offline', 1, {
    upgrade(db) {
      const outbox = db.createObjectStore('outbox', { keyPath: 'id' });
      outbox.createIndex('owner', 'owner');
      db.createObjectStore('reference', { keyPath: 'owner' });
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
