import { useCallback, useEffect, useRef } from 'react';
import { type AssessmentFormValues, isBlank, sanitizeValues } from './form-values';

/**
 * The New Assessment draft: what the officer has typed, kept in this browser (localStorage) while
 * typing, so a reload, a closed tab or a crash loses nothing. One draft per user (by email), with the
 * idempotency key of its submit, so a retry of a submit whose answer was lost creates nothing twice.
 */
export interface Draft {
  values: AssessmentFormValues;
  idempotencyKey: string;
  /** ISO time of the last save. */
  savedAt: string;
}

const SAVE_DELAY_MS = 500;
/** A draft keeps personal data: one left for 30 days is dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
const DRAFT_PREFIX = 'tna-draft:';

export function draftKey(email: string): string {
  return `${DRAFT_PREFIX}${email}:new`;
}

/**
 * A random v4 UUID. `crypto.randomUUID` exists only on secure pages (https or localhost), and the
 * app is often reached over plain http on a local network, so it is built from getRandomValues.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function readDraft(email: string): Draft | null {
  try {
    const text = window.localStorage.getItem(draftKey(email));
    if (!text) return null;
    const raw = JSON.parse(text) as Partial<Draft>;
    const values = sanitizeValues(raw.values);
    if (isBlank(values)) return null;
    if (typeof raw.savedAt === 'string' && Date.now() - Date.parse(raw.savedAt) > DRAFT_MAX_AGE_MS) {
      clearDraft(email);
      return null;
    }
    return {
      values,
      idempotencyKey:
        typeof raw.idempotencyKey === 'string' && raw.idempotencyKey ? raw.idempotencyKey : newIdempotencyKey(),
      savedAt: typeof raw.savedAt === 'string' ? raw.savedAt : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

export function writeDraft(email: string, values: AssessmentFormValues, idempotencyKey: string): void {
  try {
    if (isBlank(values)) window.localStorage.removeItem(draftKey(email));
    else {
      const draft: Draft = { values, idempotencyKey, savedAt: new Date().toISOString() };
      window.localStorage.setItem(draftKey(email), JSON.stringify(draft));
    }
  } catch {
    // Storage full or unavailable (private mode): the form still works, only without a safety copy.
  }
}

export function clearDraft(email: string): void {
  try {
    window.localStorage.removeItem(draftKey(email));
  } catch {
    // Nothing to clear.
  }
}

/** Remove every user's drafts older than 30 days from this browser (at app start). */
export function dropOldDrafts(now = Date.now()): void {
  try {
    const storage = window.localStorage;
    for (const key of Object.keys(storage)) {
      if (!key.startsWith(DRAFT_PREFIX)) continue;
      let savedAt = Number.NaN;
      try {
        savedAt = Date.parse((JSON.parse(storage.getItem(key) ?? '{}') as Partial<Draft>).savedAt ?? '');
      } catch {
        // Unreadable: dropped below.
      }
      if (!(now - savedAt <= DRAFT_MAX_AGE_MS)) storage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing kept either.
  }
}

/**
 * Save the values about 500 ms after the last change, and at once when the page is hidden or left
 * (closing the tab, switching apps on a phone), so the last keystrokes are kept too.
 */
export function useDraftAutosave(email: string | null, idempotencyKey: string, enabled: boolean) {
  const pending = useRef<AssessmentFormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const state = useRef({ email, idempotencyKey, enabled });
  state.current = { email, idempotencyKey, enabled };

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    const { email: owner, idempotencyKey: key, enabled: on } = state.current;
    if (values && owner && on) writeDraft(owner, values, key);
  }, []);

  const schedule = useCallback(
    (values: AssessmentFormValues) => {
      if (!state.current.enabled || !state.current.email) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Forget a change not yet written (after a successful submit or a discard). */
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  useEffect(() => {
    const onHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);

  return { schedule, flush, cancel };
}
