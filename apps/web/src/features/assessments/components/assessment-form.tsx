import { useForm } from '@mantine/form';
import type { DuplicateMatchDto } from '@tna/domain';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../../lib/api/get-departments';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors, describeError, translatedErrors } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { Reveal, StagedReveal } from '../../../lib/staged-reveal';
import { checkDuplicates } from '../api/check-duplicates';
import classes from './assessment-form.module.css';
import { type AssessmentFormValues, duplicateQuery, isBlank, type Submission } from './assessment-values';
import { BackgroundSection } from './background-section';
import { FORM_PARTS, Section, scrollToFirstError } from './form-fields';
import { PersonalSections } from './personal-sections';
import { PlaceSections } from './place-sections';
import { PrioritiesSection } from './priorities-section';
import { loadedRules, loadRules } from './rules-loader';
import { SubmitBar } from './submit-bar';

const loadDuplicatesDialog = () => import('./duplicates-modal');
type DuplicatesDialog = Awaited<ReturnType<typeof loadDuplicatesDialog>>['DuplicatesModal'];

/** The values other parts of the form follow: dependent lists, the positions' order, the priority table. */
interface Watched {
  perminent_province_id: string | null;
  temp_province_id: string | null;
  temp_district_id: string | null;
  department_id: string | null;
  priorities: AssessmentFormValues['priorities'];
}

function watchedOf(values: AssessmentFormValues): Watched {
  return {
    perminent_province_id: values.perminent_province_id,
    temp_province_id: values.temp_province_id,
    temp_district_id: values.temp_district_id,
    department_id: values.department_id,
    priorities: values.priorities,
  };
}

/** The form copies its values on every change, so the priority lines are compared by content. */
function sameWatched(a: Watched, values: AssessmentFormValues): boolean {
  const lines = values.priorities;
  return (
    a.perminent_province_id === values.perminent_province_id &&
    a.temp_province_id === values.temp_province_id &&
    a.temp_district_id === values.temp_district_id &&
    a.department_id === values.department_id &&
    a.priorities.length === lines.length &&
    a.priorities.every(
      (row, i) =>
        row.department === lines[i]?.department &&
        row.training === lines[i]?.training &&
        row.priority === lines[i]?.priority,
    )
  );
}

/** How long after the last change the form checks whether it may be sent. */
const COMPLETE_CHECK_DELAY_MS = 150;

/** SPEC 5: Submit only when every rule passes and a priority line exists (and the rules are here). */
function isComplete(values: AssessmentFormValues): boolean {
  const rules = loadedRules();
  return rules !== null && Object.keys(rules.validateAssessment(values)).length === 0;
}

/** Rules not yet arrived find nothing wrong; Submit and "Show what is missing" wait for them. */
function validateIfLoaded(values: AssessmentFormValues) {
  return loadedRules()?.validateAssessment(values) ?? {};
}
export interface AssessmentFormProps {
  initialValues: AssessmentFormValues;
  /** The assessment being edited (left out of the duplicate check); absent for a new one. */
  assessmentId?: number;
  /** Sends the form. Rejects with the API's error. */
  save: (submission: Submission) => Promise<unknown>;
  /** Called after a successful save. */
  onSaved: () => void;
  /** An error the page explains itself (a stale version); return true when handled. */
  onError?: (error: unknown) => boolean;
  /** The toast title of a failure: 'Registration failed' or 'Update failed' (SPEC 8). */
  failureText: string;
  /** Every change of the values (the New Assessment draft). */
  onValuesChange?: (values: AssessmentFormValues) => void;
  /** Shown above the first section (the draft notice). */
  banner?: ReactNode;
  /** Shown just above Submit, where the officer is looking after a failed submit (a conflict). */
  notice?: ReactNode;
}

/**
 * The assessment form of SPEC 2, used by New Assessment and Edit Assessment: sections 1 to 7 in the
 * spec's order, the domain's validation, dependent lists (province -> districts, district -> health
 * facilities, department -> trainings), a duplicate check before sending, and the server's field
 * errors on their fields.
 */
export function AssessmentForm({
  initialValues,
  assessmentId,
  save,
  onSaved,
  onError,
  failureText,
  onValuesChange,
  banner,
  notice,
}: AssessmentFormProps) {
  const { t, i18n } = useTranslation();
  // Uncontrolled: typing in a field does not re-render the whole long form. What other parts of
  // the form depend on (the chosen places and department, the priority lines, whether the form may
  // be sent) is copied into state when it changes.
  const [watched, setWatched] = useState(() => watchedOf(initialValues));
  const [valid, setValid] = useState(() => isComplete(initialValues));
  const current = useRef({ watched, valid });
  const completeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(completeTimer.current), []);
  // The fields changed since the form opened, and whether Submit (or 'Show what is missing') was tried.
  const checked = useRef({ changed: new Set<string>(), submitted: false });
  const translated = translatedErrors(i18n);
  // The form keeps the first callback in places (its list helpers); the latest prop is read here.
  const notifyChange = useRef(onValuesChange);
  notifyChange.current = onValuesChange;
  const form = useForm<AssessmentFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: validateIfLoaded,
    // A field says what is wrong when it is left after a change, or after a try to submit; not when
    // the keyboard only passes through it (an empty field tabbed past is not yet a mistake).
    enhanceGetInputProps: ({ inputProps, field, form: self }) => {
      const change = inputProps.onChange;
      return {
        ...translated({ inputProps }),
        onChange: (value: unknown) => {
          checked.current.changed.add(field);
          change(value);
        },
        onBlur: () => {
          if (checked.current.submitted || checked.current.changed.has(field)) self.validateField(field);
        },
      };
    },
    onValuesChange: (values) => {
      // Set state only on a real change: an equal setState can still cost a render of the form.
      if (!sameWatched(current.current.watched, values)) {
        current.current.watched = watchedOf(values);
        setWatched(current.current.watched);
      }
      // Checking every rule takes a slow phone longer than a keystroke may: it waits for a pause.
      if (completeTimer.current) clearTimeout(completeTimer.current);
      completeTimer.current = setTimeout(() => {
        completeTimer.current = undefined;
        recheck();
      }, COMPLETE_CHECK_DELAY_MS);
      notifyChange.current?.(values);
      wantRules();
    },
  });
  // Whether the form may be sent, checked again (after a pause in typing, or once the rules came).
  const recheck = () => {
    const complete = isComplete(form.getValues());
    if (complete !== current.current.valid) {
      current.current.valid = complete;
      setValid(complete);
    }
  };
  // The rules are asked for at the first touch of the form, or at once for a form that opens filled
  // in (an edit, an outbox entry). A load that failed (no network) is tried again at the next touch.
  const wantRules = () => {
    if (!loadedRules()) loadRules().then(recheckUnlessTyping, () => {});
  };
  // Once the rules arrive: checked now if the officer is not typing; else at the pause that the
  // pending check waits for. Checked at their arrival, the rules (40-70 ms at 4x CPU slowdown) made
  // the keystroke typed meanwhile wait (bench/README.md, 2026-12-01). A blank form is incomplete
  // without asking them.
  const recheckUnlessTyping = () => {
    if (!completeTimer.current && !isBlank(form.getValues())) recheck();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the values the form opened with.
  useEffect(() => {
    if (assessmentId !== undefined || !isBlank(initialValues)) wantRules();
  }, []);
  const [busy, setBusy] = useState(false);
  const [matches, setMatches] = useState<DuplicateMatchDto[] | null>(null);
  // The duplicates dialog's code (Mantine's Modal, its focus trap, a table) comes with the first
  // submit, not with the form: a phone loads and runs that much less before it can show the form,
  // and most submits find nothing (issue 15).
  const [Dialog, setDialog] = useState<DuplicatesDialog | null>(null);
  const decide = useRef<((go: boolean) => void) | null>(null);
  const departments = useDepartments();

  const askAboutDuplicates = async (found: DuplicateMatchDto[]) => {
    // If it cannot be fetched, nothing was sent: the submit's failure says so and the form stays.
    const { DuplicatesModal } = await loadDuplicatesDialog();
    setDialog(() => DuplicatesModal);
    return new Promise<boolean>((resolve) => {
      decide.current = resolve;
      setMatches(found);
    });
  };

  const answer = (go: boolean) => {
    setMatches(null);
    decide.current?.(go);
    decide.current = null;
  };

  const submit = form.onSubmit(
    async (formValues) => {
      // Here once the rules have come (see trySubmit).
      const submission = (await loadRules()).toSubmission(formValues);
      setBusy(true);
      try {
        let found: DuplicateMatchDto[] = [];
        // Fetched beside the check, in case it finds something.
        void loadDuplicatesDialog().catch(() => {});
        try {
          found = await checkDuplicates(duplicateQuery(submission, assessmentId));
        } catch {
          // The check only warns; when it cannot run, the submit itself says what is wrong.
        }
        if (found.length && !(await askAboutDuplicates(found))) return;
        await save(submission);
        onSaved();
      } catch (error) {
        if (onError?.(error)) return;
        if (applyServerErrors(form, error)) {
          notify('error', failureText);
          if (error instanceof ApiError) {
            scrollToFirstError(Object.keys(error.errorKeys).length ? error.errorKeys : error.errors);
          }
        } else notify('error', describeError(i18n, error), failureText);
      } finally {
        setBusy(false);
      }
    },
    (errors) => scrollToFirstError(errors),
  );

  /**
   * `then` once the form's rules are here. If their code cannot be loaded (the link dropped before
   * the app was kept on this device), nothing was sent: the form says the server cannot be reached,
   * keeps what was typed, and the next try loads them again.
   */
  const withRules = (then: () => void) => loadRules().then(then, () => notify('error', t('errors.NETWORK')));

  const trySubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    checked.current.submitted = true;
    void withRules(() => submit());
  };

  const showMissing = () => {
    checked.current.submitted = true;
    void withRules(() => {
      const result = form.validate();
      if (result.hasErrors) scrollToFirstError(result.errors);
    });
  };

  // Enter in a field (a select with nothing highlighted, a text box) must not send a half-checked
  // form: it is sent with the Submit button only.
  const stopImplicitSubmit = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <form
      onSubmit={trySubmit}
      onKeyDown={stopImplicitSubmit}
      onFocusCapture={wantRules}
      onPointerDownCapture={wantRules}
      noValidate
      className={classes.form}
      aria-busy={busy || undefined}
    >
      {banner}
      <StagedReveal parts={FORM_PARTS.count}>
        <PersonalSections form={form} />
        <PlaceSections
          form={form}
          permanentProvince={watched.perminent_province_id}
          jobProvince={watched.temp_province_id}
          jobDistrict={watched.temp_district_id}
        />
        <BackgroundSection form={form} departmentId={watched.department_id} />
        <Reveal at={FORM_PARTS.training}>
          <Section id="tna-section-training" title={t('tna.sections.training')}>
            <PrioritiesSection form={form} rows={watched.priorities} departments={departments.data} />
          </Section>
        </Reveal>
        {notice}
        <Reveal at={FORM_PARTS.submit}>
          <SubmitBar valid={valid} busy={busy} onShowMissing={showMissing} />
        </Reveal>
      </StagedReveal>
      {Dialog ? <Dialog matches={matches} onContinue={() => answer(true)} onStop={() => answer(false)} /> : null}
    </form>
  );
}
