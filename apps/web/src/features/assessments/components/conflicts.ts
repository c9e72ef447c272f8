import { ApiError } from '../../../lib/api-error';
import { describeError, type Translator } from '../../../lib/form';
import { statusLabel } from '../../../lib/labels';

/**
 * The 409 answers of the assessment calls. The server names them by `message_key` (`conflict.` and
 * one of these); their texts are in the tna.conflicts group of the translations.
 */
const CONFLICTS = ['staleVersion', 'assessmentLocked', 'inFlight', 'alreadyReviewed'] as const;
export type AssessmentConflict = (typeof CONFLICTS)[number];

const SERVER_PREFIX = 'conflict.';

export const CONFLICT_TEXT_KEYS: readonly string[] = CONFLICTS.map((name) => `tna.conflicts.${name}`);

/** Which of the assessment conflicts an error is, if any. */
export function conflictOf(error: unknown): AssessmentConflict | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.messageKey?.startsWith(SERVER_PREFIX)) return null;
  const name = error.messageKey.slice(SERVER_PREFIX.length);
  return (CONFLICTS as readonly string[]).includes(name) ? (name as AssessmentConflict) : null;
}

/** The reason of a failed call in the active language, with the assessment conflicts in their own words. */
export function conflictText(
  t: (key: string, options?: Record<string, unknown>) => string,
  i18n: Translator,
  error: unknown,
): string {
  const conflict = conflictOf(error);
  if (conflict && error instanceof ApiError) {
    return t(`tna.conflicts.${conflict}`, { status: statusLabel(t, String(error.params.status ?? '')) });
  }
  return describeError(i18n, error);
}
