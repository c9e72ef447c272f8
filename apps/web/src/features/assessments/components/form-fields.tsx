import { Paper, Title } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { type ReactNode, useId } from 'react';
import { searchableProps } from '../../../components/select-options';
import classes from './assessment-form.module.css';
import { type AssessmentFormValues, FIELD_ORDER } from './assessment-values';

/** The assessment form's Mantine form, as its sections receive it. */
export type AssessmentFormApi = UseFormReturnType<AssessmentFormValues>;
export type FieldName = keyof AssessmentFormValues;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The element id of a field, for labels, error scrolling and tests. */
/**
 * The order in which the form's parts are rendered when it opens (lib/staged-reveal.tsx): part 1,
 * the form's own data and the names, at once; the rest a few fields at a time.
 */
export const FORM_PARTS = {
  birthYear: 2,
  permanent: 3,
  job: 4,
  backgroundFirst: 5,
  backgroundRest: 6,
  training: 7,
  submit: 8,
  count: 8,
} as const;

export const fieldId = (field: string) => `tna-field-${field}`;

/** Scroll to the first field (in the form's order) that has an error, and put the keyboard there. */
export function scrollToFirstError(errors: FormErrors | Record<string, unknown>): void {
  const fields = Object.keys(errors).filter((key) => errors[key]);
  const first = FIELD_ORDER.find((field) => fields.some((key) => key === field || key.startsWith(`${field}.`)));
  if (!first) return;
  const element = document.getElementById(first === 'priorities' ? 'tna-section-training' : fieldId(first));
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  if (first !== 'priorities') element.focus({ preventScroll: true });
}

/** A numbered part of the form (SPEC 2), a landmark named by its title. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId} id={id}>
      <Title order={2} fz="lg" mb="sm" id={titleId} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Props of a field: the form's binding, its id and whether it is required (its `key` goes beside).
 * Without Mantine's focus tracking: marking a field touched re-rendered the whole form at each first
 * focus, and the form decides when to check a field itself (assessment-form.tsx).
 */
export function bindField(form: AssessmentFormApi, t: Translate, name: FieldName, required = true) {
  return {
    id: fieldId(name),
    label: t(`tna.fields.${name}`),
    required,
    ...(form.getInputProps(name, { withFocus: false }) as ReturnType<AssessmentFormApi['getInputProps']> & {
      onBlur: () => void;
    }),
  };
}

/** A select whose choice empties the selects that depend on it. */
export function bindParentSelect(form: AssessmentFormApi, t: Translate, name: FieldName, children: FieldName[]) {
  const input = bindField(form, t, name);
  return {
    ...input,
    onChange: (value: string | null) => {
      if (value !== form.getValues()[name]) for (const child of children) form.setFieldValue(child, null);
      input.onChange(value);
    },
  };
}

/**
 * Typing picks the first match and Enter takes it, so a select needs no mouse. Not Mantine's
 * autoSelectOnBlur: on leaving a select it clicked the option at the highlighted position of the
 * whole list, so a training chosen by typing and Enter could silently become the list's first.
 */
export function searchableSelect(t: Translate) {
  return {
    ...searchableProps(t('common.nothingFound')),
    selectFirstOptionOnChange: true,
    // An open list renders at most this many options (seven are visible at a time); typing finds
    // the others. 127 birth years or a district's facilities all rendered cost a slow phone ~100 ms.
    limit: SELECT_LIMIT,
  };
}

/** How many options an open searchable select of the form renders. */
export const SELECT_LIMIT = 40;

/**
 * `memo` comparison for a section of the form: render it again only when one of its own fields got
 * another error or was reset (its `key`), or another prop changed. The form object is new at every
 * render of the form (Mantine builds it anew), but its functions read the form's current state, so
 * a section rendered earlier keeps working. This is what keeps a keystroke from rendering the whole
 * long form (the first change of a field marks it dirty, and that renders the form).
 */
export function sameSection<P extends { form: AssessmentFormApi }>(fields: readonly string[]) {
  return (prev: Readonly<P>, next: Readonly<P>): boolean => {
    for (const name of Object.keys(next) as (keyof P)[]) {
      if (name !== 'form' && prev[name] !== next[name]) return false;
    }
    return fields.every(
      (field) =>
        prev.form.errors[field] === next.form.errors[field] &&
        prev.form.key(field as FieldName) === next.form.key(field as FieldName),
    );
  };
}
