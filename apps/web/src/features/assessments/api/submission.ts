import type { AssessmentFields, PriorityLineInput } from '@tna/domain';

/** The multipart body of SPEC 7: `data` (the form fields as JSON) and `priorities` (the lines as JSON). */
export function submissionBody(data: AssessmentFields & Record<string, unknown>, priorities: PriorityLineInput[]) {
  const body = new FormData();
  body.set('data', JSON.stringify(data));
  body.set(
    'priorities',
    JSON.stringify(priorities.map((p) => ({ department: p.department, training: p.training, priority: p.priority }))),
  );
  return body;
}
