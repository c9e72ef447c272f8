import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveRemarks } from './archive-modal';
import { emptyValues } from './assessment-values';
import { clearAllDrafts, draftKey, hasAnyDraft, newIdempotencyKey, readDraft, writeDraft } from './draft';

describe('the draft and the idempotency key', () => {
  it('keeps one draft per user', () => {
    expect(draftKey('officer@moph.gov.af')).toBe('tna-draft:officer@moph.gov.af:new');
  });

  it('makes random v4 UUIDs without crypto.randomUUID (plain http pages lack it)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes the archive remark as reason: note', () => {
    expect(archiveRemarks('Duplicate', '  Same as KBL-1 ')).toBe('Duplicate: Same as KBL-1');
    expect(archiveRemarks('Wrong Entry', 'typo')).toBe('Wrong Entry: typo');
  });
});

/** localStorage as the browser has it: its keys are the object's own keys. */
class FakeStorage {
  [key: string]: unknown;
  getItem(key: string): string | null {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }
  setItem(key: string, value: string): void {
    this[key] = String(value);
  }
  removeItem(key: string): void {
    delete this[key];
  }
}

describe('drafts of corrections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one per assessment, with the version it started from, beside the new form', () => {
    vi.stubGlobal('window', { localStorage: new FakeStorage() });
    const values = { ...emptyValues(), name: 'Ahmad' };
    writeDraft('a@x.af', values, 'key-1');
    writeDraft('a@x.af', { ...values, name: 'Corrected' }, '', 12, 4);
    expect(draftKey('a@x.af', 12)).toBe('tna-draft:a@x.af:edit:12');
    expect(readDraft('a@x.af')?.values.name).toBe('Ahmad');
    expect(readDraft('a@x.af', 12)).toMatchObject({ values: { name: 'Corrected' }, version: 4 });
    expect(readDraft('a@x.af', 13)).toBeNull();
  });

  it("sign-out's discard removes every draft of the user and only theirs", () => {
    vi.stubGlobal('window', { localStorage: new FakeStorage() });
    const values = { ...emptyValues(), name: 'Ahmad' };
    writeDraft('a@x.af', values, '', 12, 4);
    writeDraft('b@x.af', values, 'key-2');
    expect(hasAnyDraft('a@x.af')).toBe(true);
    clearAllDrafts('a@x.af');
    expect(hasAnyDraft('a@x.af')).toBe(false);
    expect(readDraft('a@x.af', 12)).toBeNull();
    expect(readDraft('b@x.af')?.values.name).toBe('Ahmad');
  });
});
