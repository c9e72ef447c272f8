import { describe, expect, it } from 'vitest';
import { archiveRemarks } from './archive-modal';
import { draftKey, newIdempotencyKey } from './draft';

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
