import { describe, expect, it } from 'vitest';
import { apiErrorFrom } from '../../../lib/api-error';
import type { Translator } from '../../../lib/form';
import { conflictOf, conflictText } from './conflicts';

const texts: Record<string, string> = {
  'tna.conflicts.staleVersion': 'Someone else changed this assessment after you opened it.',
  'tna.conflicts.assessmentLocked': 'This assessment is {status} and can no longer be changed.',
  'tna.statuses.APPROVED': 'Approved',
  'errors.CONFLICT': 'This change conflicts with the current data.',
};
const t = (key: string, params?: Record<string, unknown>) =>
  (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params?.[name] ?? ''));
const i18n: Translator = { t, exists: (key) => key in texts, resolvedLanguage: 'fa' };

describe('the 409 answers of the assessment calls', () => {
  it('are told apart by the server message key', () => {
    const stale = apiErrorFrom(409, { code: 'CONFLICT', message: 'x', message_key: 'conflict.staleVersion' });
    expect(conflictOf(stale)).toBe('staleVersion');
    expect(conflictText(t, i18n, stale)).toBe('Someone else changed this assessment after you opened it.');
    expect(conflictOf(apiErrorFrom(409, { code: 'CONFLICT', message: 'x', message_key: 'conflict.inUse' }))).toBeNull();
    expect(conflictOf(apiErrorFrom(422, { code: 'VALIDATION', message: 'x' }))).toBeNull();
  });

  it('name the status of a locked form in the active language', () => {
    const locked = apiErrorFrom(409, {
      code: 'CONFLICT',
      message: 'This assessment is APPROVED and can no longer be changed.',
      message_key: 'conflict.assessmentLocked',
      params: { status: 'APPROVED' },
    });
    expect(conflictText(t, i18n, locked)).toBe('This assessment is Approved and can no longer be changed.');
  });

  it('leave other errors to the general description', () => {
    const other = apiErrorFrom(409, { code: 'CONFLICT', message: 'Something else.' });
    expect(conflictText(t, i18n, other)).toBe('This change conflicts with the current data.');
  });
});
