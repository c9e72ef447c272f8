import type { AssessmentFields, PriorityLineInput } from '@tna/domain';

export * from './form-values';

// The rules themselves (validateAssessment, toSubmission) are in assessment-rules.ts, loaded when
// the form is first touched.

export interface Submission {
  data: AssessmentFields;
  priorities: PriorityLineInput[];
}

/** The fields a duplicate check compares. */
export function duplicateQuery(submission: Submission, id?: number) {
  const { data } = submission;
  return {
    id: id ?? null,
    tazkira: data.tazkira,
    name: data.name,
    fathername: data.fathername,
    birth_year: data.birth_year,
    hospital: data.hospital,
  };
}
