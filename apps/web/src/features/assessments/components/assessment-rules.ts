import { assessmentFieldsSchema, prioritiesSchema, priorityLineSchema } from '@tna/domain';
import { zodValidator } from '../../../lib/form';
import type { Submission } from './assessment-values';
import type { AssessmentFormValues } from './form-values';

// The form's rules (SPEC 5), from the domain's schemas. Loaded by the form when the officer first
// touches it (see rules-loader.ts), not with the page: Zod and the schemas are the page's largest
// script after React and Mantine, and a phone on a slow link should paint the form before them.

/** The domain's rules for the fields and the priority list together (SPEC 5). */
const formSchema = assessmentFieldsSchema.extend({ priorities: prioritiesSchema });

/** An unchosen birth year must read as 'required', not as 'at least 1900'. */
function prepare(values: AssessmentFormValues) {
  return { ...values, birth_year: values.birth_year ?? undefined };
}

const validateSchema = zodValidator(formSchema);

/** Mantine form validator: the domain's schema, messages left encoded for translation. */
export function validateAssessment(values: AssessmentFormValues) {
  return validateSchema(prepare(values));
}

/** The values as the API takes them (trimmed, ids as numbers). Call only on a valid form. */
export function toSubmission(values: AssessmentFormValues): Submission {
  const parsed = formSchema.parse(prepare(values));
  const { priorities, ...data } = parsed;
  return { data, priorities };
}

/** A priority line of the sub-form, checked before it may be added: its values as the API takes them. */
export function parseLine(line: Record<'department' | 'training' | 'priority', string | null>) {
  return priorityLineSchema.safeParse(line);
}
