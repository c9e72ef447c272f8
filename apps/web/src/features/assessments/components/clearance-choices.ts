import { type AssessmentStatus, movesFor } from '@tna/domain';

/**
 * The moves of SPEC 4 that the access policy lets the user make from a status on the Details page
 * (the officer's own archive is on My Assessments). The page shows a form the server let the user
 * read, so the form's creator and province do not change the answer here; the server decides again.
 */
export function clearanceChoices(status: AssessmentStatus, roles: readonly string[]): AssessmentStatus[] {
  return movesFor({ id: -1, roles }, { status, createdBy: null, provinceId: 0 });
}
