import { type AssessmentFields, assessmentFieldsSchema, type PriorityLineInput, prioritiesSchema } from '@tna/domain';
import { zodValidator } from '../../../lib/form';
import type { AssessmentFormValues } from './form-values';

export * from './form-values';

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

export interface Submission {
  data: AssessmentFields;
  priorities: PriorityLineInput[];
}

/** The values as the API takes them (trimmed, ids as numbers). Call only on a valid form. */
export function toSubmission(values: AssessmentFormValues): Submission {
  const parsed = formSchema.parse(prepare(values));
  const { priorities, ...data } = parsed;
  return { data, priorities };
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
