import { type AssessmentStatus, hasAnyRole, STATUS_MOVES } from '@tna/domain';

/** The moves of SPEC 4 the user's roles allow from a status (the officer's own archive is on My Assessments). */
export function clearanceChoices(status: string, roles: readonly string[]): AssessmentStatus[] {
  if (status !== 'NEW' && status !== 'REJECTED') return [];
  return STATUS_MOVES.filter((m) => m.from === status && !m.creatorOnly && hasAnyRole(roles, m.roles)).map((m) => m.to);
}
