import { Button, Group, Paper, Select, SimpleGrid, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { AssessmentRowDto, PositionDto } from '@tna/domain';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  departmentOptions,
  type SearchableOption,
  searchableProps,
  titleOptions,
  unitOptions,
} from '../../../components/select-options';
import { ApiError } from '../../../lib/api-error';
import { applyServerErrors, describeError, translatedErrors } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName } from '../../../lib/localized';
import { notify } from '../../../lib/notify';
import { useDepartments } from '../../reference-data/api/get-departments';
import { useDistricts } from '../../reference-data/api/get-districts';
import { usePositions } from '../../reference-data/api/get-positions';
import { useProvinces } from '../../reference-data/api/get-provinces';
import { checkDuplicates } from '../api/check-duplicates';
import { useHospitalsByDistrict } from '../api/get-hospitals-by-district';
import classes from './assessment-form.module.css';
import {
  birthYearOptions,
  educationOptions,
  experienceOptions,
  facilityLabel,
  genderOptions,
  maritalStatusOptions,
} from './assessment-options';
import {
  type AssessmentFormValues,
  duplicateQuery,
  FIELD_ORDER,
  type Submission,
  today,
  toSubmission,
  validateAssessment,
} from './assessment-values';
import { DuplicatesModal } from './duplicates-modal';
import { PrioritiesSection } from './priorities-section';

/** The element id of a field, for labels, error scrolling and tests. */
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

/** SPEC 5: Submit only when every rule passes and a priority line exists. */
function isComplete(values: AssessmentFormValues): boolean {
  return Object.keys(validateAssessment(values)).length === 0;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId} id={id}>
      <Title order={3} fz="lg" mb="sm" id={titleId} className={classes.sectionTitle}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Positions of the chosen department first, then the others; all of them when none is chosen. */
function positionOptions(
  positions: readonly PositionDto[] | undefined,
  department: { id: number; label: string } | null,
  language: ReturnType<typeof currentLanguage>,
  t: (key: string, options?: Record<string, unknown>) => string,
): (SearchableOption | { group: string; items: SearchableOption[] })[] {
  const all = positions ?? [];
  if (!department) return titleOptions(all, language);
  const own = all.filter((p) => p.department_id === department.id);
  if (!own.length) return titleOptions(all, language);
  return [
    {
      group: t('tna.form.positionsOfDepartment', { department: department.label }),
      items: titleOptions(own, language),
    },
    {
      group: t('tna.form.otherPositions'),
      items: titleOptions(
        all.filter((p) => p.department_id !== department.id),
        language,
      ),
    },
  ];
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
  const language = currentLanguage();
  // Uncontrolled: typing in a field does not re-render the whole long form. What other parts of
  // the form depend on (the chosen places and department, the priority lines, whether the form may
  // be sent) is copied into state when it changes.
  const [watched, setWatched] = useState(() => watchedOf(initialValues));
  const [valid, setValid] = useState(() => isComplete(initialValues));
  const current = useRef({ watched, valid });
  // The form keeps the first callback in places (its list helpers); the latest prop is read here.
  const notifyChange = useRef(onValuesChange);
  notifyChange.current = onValuesChange;
  const form = useForm<AssessmentFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: validateAssessment,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
    onValuesChange: (values) => {
      // Set state only on a real change: an equal setState can still cost a render of the form.
      if (!sameWatched(current.current.watched, values)) {
        current.current.watched = watchedOf(values);
        setWatched(current.current.watched);
      }
      const complete = isComplete(values);
      if (complete !== current.current.valid) {
        current.current.valid = complete;
        setValid(complete);
      }
      notifyChange.current?.(values);
    },
  });
  const [busy, setBusy] = useState(false);
  const [matches, setMatches] = useState<AssessmentRowDto[] | null>(null);
  const decide = useRef<((go: boolean) => void) | null>(null);

  const num = (v: string | null) => (v ? Number(v) : null);
  const provinces = useProvinces();
  const permanentDistricts = useDistricts(num(watched.perminent_province_id));
  const jobDistricts = useDistricts(num(watched.temp_province_id));
  const facilities = useHospitalsByDistrict(num(watched.temp_district_id));
  const departments = useDepartments();
  const positions = usePositions();

  // Typing picks the first match and Enter takes it, so a select needs no mouse. Not Mantine's
  // autoSelectOnBlur: on leaving a select it clicked the option at the highlighted position of the
  // whole list, so a training chosen by typing and Enter could silently become the list's first.
  const searchable = {
    ...searchableProps(t('common.nothingFound')),
    selectFirstOptionOnChange: true,
  };
  const provinceOptions = unitOptions(provinces.data, language);
  const chosenDepartment = departments.data?.find((d) => String(d.id) === watched.department_id);
  const facilityOptions: SearchableOption[] = (facilities.data ?? [])
    .map((facility) => ({ value: String(facility.id), label: facilityLabel(facility), terms: facility.code ?? '' }))
    .sort((a, b) => a.label.localeCompare(b.label));

  /** Props of a field: the form's binding, its id and whether it is required (its `key` goes beside). */
  const field = (name: keyof AssessmentFormValues, required = true) => ({
    id: fieldId(name),
    label: t(`tna.fields.${name}`),
    required,
    ...form.getInputProps(name),
  });
  const key = (name: keyof AssessmentFormValues) => form.key(name);

  /** A select whose choice empties the selects that depend on it. */
  const parentSelect = (name: keyof AssessmentFormValues, children: (keyof AssessmentFormValues)[]) => {
    const input = field(name);
    return {
      ...input,
      onChange: (value: string | null) => {
        if (value !== form.getValues()[name]) for (const child of children) form.setFieldValue(child, null);
        input.onChange(value);
      },
    };
  };

  const askAboutDuplicates = (found: AssessmentRowDto[]) =>
    new Promise<boolean>((resolve) => {
      decide.current = resolve;
      setMatches(found);
    });

  const answer = (go: boolean) => {
    setMatches(null);
    decide.current?.(go);
    decide.current = null;
  };

  const submit = form.onSubmit(
    async (formValues) => {
      const submission = toSubmission(formValues);
      setBusy(true);
      try {
        let found: AssessmentRowDto[] = [];
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

  const showMissing = () => {
    const result = form.validate();
    if (result.hasErrors) scrollToFirstError(result.errors);
  };

  // Enter in a field (a select with nothing highlighted, a text box) must not send a half-checked
  // form: it is sent with the Submit button only.
  const stopImplicitSubmit = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Enter' && target instanceof HTMLInputElement) event.preventDefault();
  };

  return (
    <form
      onSubmit={submit}
      onKeyDown={stopImplicitSubmit}
      noValidate
      className={classes.form}
      aria-busy={busy || undefined}
    >
      {banner}
      <Section id="tna-section-info" title={t('tna.sections.info')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <TextInput key={key('assessment_date')} {...field('assessment_date')} type="date" dir="ltr" max={today()} />
          <TextInput key={key('form_no')} {...field('form_no')} dir="ltr" autoComplete="off" />
          <TextInput key={key('hr_id')} {...field('hr_id', false)} dir="ltr" autoComplete="off" />
        </SimpleGrid>
      </Section>

      <Section id="tna-section-profile" title={t('tna.sections.profile')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <TextInput key={key('name')} {...field('name')} dir="auto" autoComplete="off" />
          <TextInput key={key('lastname')} {...field('lastname')} dir="auto" autoComplete="off" />
          <TextInput key={key('fathername')} {...field('fathername')} dir="auto" autoComplete="off" />
          <Select
            key={key('birth_year')}
            {...field('birth_year')}
            placeholder={t('tna.form.selectYear')}
            data={birthYearOptions()}
            allowDeselect={false}
            inputMode="numeric"
            {...searchable}
          />
        </SimpleGrid>
      </Section>

      <Section id="tna-section-permanent" title={t('tna.sections.permanent')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            key={key('perminent_province_id')}
            {...parentSelect('perminent_province_id', ['perminent_district_id'])}
            placeholder={t('tna.form.selectProvince')}
            data={provinceOptions}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={key('perminent_district_id')}
            {...field('perminent_district_id')}
            placeholder={
              watched.perminent_province_id ? t('tna.form.selectDistrict') : t('tna.form.chooseProvinceFirst')
            }
            data={unitOptions(permanentDistricts.data, language)}
            disabled={!watched.perminent_province_id}
            allowDeselect={false}
            {...searchable}
          />
          <TextInput
            key={key('perminent_address_details')}
            {...field('perminent_address_details')}
            dir="auto"
            autoComplete="off"
          />
        </SimpleGrid>
      </Section>

      <Section id="tna-section-job" title={t('tna.sections.job')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            key={key('temp_province_id')}
            {...parentSelect('temp_province_id', ['temp_district_id', 'hospital'])}
            placeholder={t('tna.form.selectProvince')}
            data={provinceOptions}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={key('temp_district_id')}
            {...parentSelect('temp_district_id', ['hospital'])}
            placeholder={watched.temp_province_id ? t('tna.form.selectDistrict') : t('tna.form.chooseProvinceFirst')}
            data={unitOptions(jobDistricts.data, language)}
            disabled={!watched.temp_province_id}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={key('hospital')}
            {...field('hospital')}
            dir="auto"
            placeholder={watched.temp_district_id ? t('tna.form.selectFacility') : t('tna.form.chooseDistrictFirst')}
            data={facilityOptions}
            disabled={!watched.temp_district_id}
            allowDeselect={false}
            {...searchable}
            nothingFoundMessage={facilities.isPending ? t('app.loading') : t('tna.form.noFacilities')}
          />
          <TextInput key={key('job_address')} {...field('job_address')} dir="auto" autoComplete="off" />
        </SimpleGrid>
      </Section>

      <Section id="tna-section-other" title={t('tna.sections.other')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            key={key('marital_status')}
            {...field('marital_status')}
            placeholder={t('tna.form.select')}
            data={maritalStatusOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            key={key('gender')}
            {...field('gender')}
            placeholder={t('tna.form.select')}
            data={genderOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            key={key('temp_address_details')}
            {...field('temp_address_details')}
            dir="auto"
            autoComplete="off"
          />
          <Select
            key={key('department_id')}
            {...field('department_id')}
            placeholder={t('tna.form.selectDepartment')}
            data={departmentOptions(departments.data, language)}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={key('position_id')}
            {...field('position_id')}
            placeholder={t('tna.form.selectPosition')}
            data={positionOptions(
              positions.data,
              chosenDepartment ? { id: chosenDepartment.id, label: departmentName(chosenDepartment, language) } : null,
              language,
              t,
            )}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={key('education_level')}
            {...field('education_level')}
            placeholder={t('tna.form.select')}
            data={educationOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput key={key('education_field')} {...field('education_field')} dir="auto" autoComplete="off" />
          <TextInput
            key={key('graduated_university')}
            {...field('graduated_university')}
            dir="auto"
            autoComplete="off"
          />
          <Select
            key={key('experience')}
            {...field('experience')}
            placeholder={t('tna.form.select')}
            data={experienceOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            key={key('implementing_organization')}
            {...field('implementing_organization')}
            dir="auto"
            autoComplete="off"
          />
          <TextInput
            key={key('phone')}
            {...field('phone')}
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="off"
            placeholder={t('tna.form.phonePlaceholder')}
          />
          <TextInput key={key('tazkira')} {...field('tazkira')} dir="ltr" autoComplete="off" />
        </SimpleGrid>
        <Textarea
          key={key('remarks')}
          {...field('remarks', false)}
          mt="md"
          autosize
          minRows={2}
          maxRows={6}
          dir="auto"
        />
      </Section>

      <Section id="tna-section-training" title={t('tna.sections.training')}>
        <PrioritiesSection form={form} rows={watched.priorities} departments={departments.data} />
      </Section>

      {notice}
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" className={classes.submitBar}>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm" c={valid ? 'dimmed' : undefined} aria-live="polite">
            {valid ? t('tna.form.readyHint') : t('tna.form.incompleteHint')}
          </Text>
          <Group gap="sm">
            {!valid && (
              <Button type="button" variant="subtle" onClick={showMissing}>
                {t('tna.form.showMissing')}
              </Button>
            )}
            <Button
              type="submit"
              loading={busy}
              disabled={!valid || busy}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              {t('common.submit')}
            </Button>
          </Group>
        </Group>
      </Paper>

      <DuplicatesModal matches={matches} onContinue={() => answer(true)} onStop={() => answer(false)} />
    </form>
  );
}
