import { useCallback, useEffect, useRef } from 'react';
import { type AssessmentFormValues, isBlank, sanitizeValues } from './form-values';

/**
 * A form's draft: what the officer has typed, kept in this browser (localStorage) while typing, so a
 * reload, a closed tab or a crash loses nothing. Per user (by email): one New Assessment, with the
 * idempotency key of its submit (a retry of a submit whose answer was lost creates nothing twice),
 * and one correction per assessment, with the version it started from (saved over a newer one, the
 * server refuses it as stale, and the page explains).
 */
export interface Draft {
  values: AssessmentFormValues;
  idempotencyKey: string;
  /** ISO time of the last save. */
  savedAt: string;
  /** A correction's: the version of the assessment it started from. */
  version?: number;
}

/** Which form a draft is of: the New Assessment, or the correction of an assessment (its id). */
export type DraftOf = 'new' | number;

const SAVE_DELAY_MS = 500;
/** A draft keeps personal data: one left for 30 days is dropped. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
const DRAFT_PREFIX = 'tna-draft:';

export function draftKey(email: string, of: DraftOf = 'new'): string {
  return `${DRAFT_PREFIX}${email}:${of === 'new' ? 'new' : `edit:${of}`}`;
}

/** The keys of every draft of a user in this browser. */
function draftKeysOf(email: string): string[] {
  try {
    const prefix = `${DRAFT_PREFIX}${email}:`;
    return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

/** Whether a user has any draft in this browser (sign-out asks first). */
export function hasAnyDraft(email: string): boolean {
  return draftKeysOf(email).length > 0;
}

/** Remove every draft of a user from this browser (sign-out's "discard"). */
export function clearAllDrafts(email: string): void {
  for (const key of draftKeysOf(email)) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  }
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

export function readDraft(email: string, of: DraftOf = 'new'): Draft | null {
  try {
    const text = window.localStorage.getItem(draftKey(email, of));
    if (!text) return null;
    const raw = JSON.parse(text) as Partial<Draft>;
    const values = sanitizeValues(raw.values);
    if (isBlank(values)) return null;
    if (typeof raw.savedAt === 'string' && Date.now() - Date.parse(raw.savedAt) > DRAFT_MAX_AGE_MS) {
      clearDraft(email, of);
      return null;
    }
    return {
      values,
      idempotencyKey:
        typeof raw.idempotencyKey === 'string' && raw.idempotencyKey ? raw.idempotencyKey : newIdempotencyKey(),
      savedAt: typeof raw.savedAt === 'string' ? raw.savedAt : new Date().toISOString(),
      ...(Number.isInteger(raw.version) ? { version: raw.version } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft(
  email: string,
  values: AssessmentFormValues,
  idempotencyKey: string,
  of: DraftOf = 'new',
  version?: number,
): void {
  try {
    if (isBlank(values)) window.localStorage.removeItem(draftKey(email, of));
    else {
      const draft: Draft = { values, idempotencyKey, savedAt: new Date().toISOString(), version };
      window.localStorage.setItem(draftKey(email, of), JSON.stringify(draft));
    }
  } catch {
    // Storage full or unavailable (private mode): the form still works, only without a safety copy.
  }
}

export function clearDraft(email: string, of: DraftOf = 'new'): void {
  try {
    window.localStorage.removeItem(draftKey(email, of));
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

/** A correction's draft: the assessment, the version it started from, and its values as saved. */
export interface CorrectionDraft {
  id: number;
  version: number;
  saved: AssessmentFormValues;
}

/** The same form values, as a draft keeps them. Compared after a pause, never at each keystroke. */
export function sameValues(a: AssessmentFormValues, b: AssessmentFormValues): boolean {
  return JSON.stringify(sanitizeValues(a)) === JSON.stringify(sanitizeValues(b));
}

/**
 * Save the values about 500 ms after the last change, and at once when the page is hidden or left
 * (closing the tab, switching apps on a phone), so the last keystrokes are kept too.
 */
export function useDraftAutosave(
  email: string | null,
  idempotencyKey: string,
  enabled: boolean,
  correction?: CorrectionDraft,
) {
  const pending = useRef<AssessmentFormValues | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const state = useRef({ email, idempotencyKey, enabled, correction });
  state.current = { email, idempotencyKey, enabled, correction };

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    const { email: owner, idempotencyKey: key, enabled: on, correction: c } = state.current;
    if (!values || !owner || !on) return;
    // A correction undone is no draft: opening the form again offers nothing.
    if (c && sameValues(values, c.saved)) clearDraft(owner, c.id);
    else writeDraft(owner, values, key, c?.id ?? 'new', c?.version);
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
