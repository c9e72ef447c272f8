import { InputBase, SimpleGrid, TextInput } from '@mantine/core';
import { PHONE_PREFIX, type PositionDto } from '@tna/domain';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/select';
import { departmentOptions, type SearchableOption, titleOptions } from '../../../components/select-options';
import { useDepartments } from '../../../lib/api/get-departments';
import { usePositions } from '../../../lib/api/get-positions';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName } from '../../../lib/localized';
import { Reveal } from '../../../lib/staged-reveal';
import formClasses from './assessment-form.module.css';
import { educationOptions, experienceOptions, genderOptions, maritalStatusOptions } from './assessment-options';
import { SECTION_FIELDS } from './assessment-values';
import { type AssessmentFormApi, bindField, FORM_PARTS, Section, sameSection, searchableSelect } from './form-fields';

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

/**
 * Tabbing into a field selects its text, so the first digit typed replaced the +937 the form starts
 * the number with ("too short" followed). The caret goes after the text when Tab arrives; and a key typed
 * while the whole prefix is selected goes after it. A whole number pasted (or filled in) still
 * replaces the selection, as one expects.
 */
function caretToEnd(input: HTMLInputElement) {
  const end = input.value.length;
  if (input.selectionStart !== end || input.selectionEnd !== end) input.setSelectionRange(end, end);
}

/** Tab's key-up reaches the field Tab moved to: only then is the selection the browser's own. */
function onPhoneKeyUp(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Tab') caretToEnd(event.currentTarget);
}

function onPhoneKeyDown(event: KeyboardEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const typing = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  const prefixSelected =
    input.value === PHONE_PREFIX && input.selectionStart === 0 && input.selectionEnd === input.value.length;
  if (typing && prefixSelected) caretToEnd(input);
}

interface BackgroundSectionProps {
  form: AssessmentFormApi;
  /** The chosen department (the form is uncontrolled; its owner passes it down to order the positions). */
  departmentId: string | null;
}

/** SPEC 2 section 5: family, department and position, education, experience, contact and tazkira. */
function BackgroundSectionFields({ form, departmentId }: BackgroundSectionProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const departments = useDepartments();
  const positions = usePositions();
  const field = (name: Parameters<typeof bindField>[2], required?: boolean) => bindField(form, t, name, required);
  const searchable = searchableSelect(t);
  const chosenDepartment = departments.data?.find((d) => String(d.id) === departmentId);

  return (
    <Reveal at={FORM_PARTS.backgroundFirst}>
      <Section id="tna-section-other" title={t('tna.sections.other')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            key={form.key('marital_status')}
            {...field('marital_status')}
            placeholder={t('tna.form.select')}
            data={maritalStatusOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            key={form.key('gender')}
            {...field('gender')}
            placeholder={t('tna.form.select')}
            data={genderOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            key={form.key('temp_address_details')}
            {...field('temp_address_details')}
            dir="auto"
            autoComplete="off"
          />
          <Select
            key={form.key('department_id')}
            {...field('department_id')}
            placeholder={t('tna.form.selectDepartment')}
            data={departmentOptions(departments.data, language)}
            allowDeselect={false}
            {...searchable}
          />
          <Select
            key={form.key('position_id')}
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
            key={form.key('education_level')}
            {...field('education_level')}
            placeholder={t('tna.form.select')}
            data={educationOptions(t)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Reveal at={FORM_PARTS.backgroundRest}>
            <TextInput key={form.key('education_field')} {...field('education_field')} dir="auto" autoComplete="off" />
            <TextInput
              key={form.key('graduated_university')}
              {...field('graduated_university')}
              dir="auto"
              autoComplete="off"
            />
            <Select
              key={form.key('experience')}
              {...field('experience')}
              placeholder={t('tna.form.select')}
              data={experienceOptions(t)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              key={form.key('implementing_organization')}
              {...field('implementing_organization')}
              dir="auto"
              autoComplete="off"
            />
            <TextInput
              key={form.key('phone')}
              {...field('phone')}
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="off"
              placeholder={t('tna.form.phonePlaceholder')}
              onKeyUp={onPhoneKeyUp}
              onKeyDown={onPhoneKeyDown}
            />
            <TextInput key={form.key('tazkira')} {...field('tazkira')} dir="ltr" autoComplete="off" />
          </Reveal>
        </SimpleGrid>
        <Reveal at={FORM_PARTS.backgroundRest}>
          {/* Mantine's Textarea without autosize is this; its module brings the autosize code that
              field-sizing (assessment-form.module.css) made unneeded, to New Assessment's first load. */}
          <InputBase
            component="textarea"
            multiline
            key={form.key('remarks')}
            {...field('remarks', false)}
            mt="md"
            rows={2}
            classNames={{ input: formClasses.growingText }}
            dir="auto"
          />
        </Reveal>
      </Section>
    </Reveal>
  );
}

export const BackgroundSection = memo(
  BackgroundSectionFields,
  sameSection<Parameters<typeof BackgroundSectionFields>[0]>(SECTION_FIELDS.background),
);
