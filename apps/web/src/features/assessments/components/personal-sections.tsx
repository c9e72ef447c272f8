import { Group, SimpleGrid, TextInput } from '@mantine/core';
import { ASSESSMENT_DATE_MIN } from '@tna/domain';
import { lazy, memo, Suspense, useMemo, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { Select } from '../../../components/select';
import { usesSolarHijri } from '../../../lib/calendar';
import { currentLanguage } from '../../../lib/i18n';
import { Reveal } from '../../../lib/staged-reveal';
import { birthYearOptions, type YearCalendar } from './assessment-options';
import { SECTION_FIELDS } from './assessment-values';

const CalendarChoice = lazy(() => import('./calendar-choice'));

import {
  type AssessmentFormApi,
  bindField,
  type FieldName,
  FORM_PARTS,
  Section,
  sameSection,
  searchableSelect,
} from './form-fields';

/** SPEC 2 sections 1 and 2: the form's own data (date, numbers) and the person (names, birth year). */
function PersonalSectionsFields({ form }: { form: AssessmentFormApi }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const solar = usesSolarHijri(language);
  // Dari and Pashto papers give the birth year in the Solar Hijri calendar; some give the Gregorian.
  const [yearCalendar, setYearCalendar] = useState<YearCalendar>('solar');
  const calendar: YearCalendar = solar ? yearCalendar : 'gregorian';
  const years = useMemo(() => birthYearOptions(calendar, language), [calendar, language]);
  const field = (name: FieldName, required?: boolean) => bindField(form, t, name, required);
  const date = field('assessment_date');

  return (
    <>
      <Section id="tna-section-info" title={t('tna.sections.info')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <DayInput
            key={`${form.key('assessment_date')}-${language}`}
            id={date.id}
            label={date.label}
            required
            language={language}
            defaultValue={form.getValues().assessment_date}
            onChange={date.onChange}
            onFocus={date.onFocus}
            onBlur={date.onBlur}
            error={typeof date.error === 'string' ? date.error : undefined}
            min={ASSESSMENT_DATE_MIN}
          />
          <TextInput key={form.key('form_no')} {...field('form_no')} dir="ltr" autoComplete="off" />
          <TextInput key={form.key('hr_id')} {...field('hr_id', false)} dir="ltr" autoComplete="off" />
        </SimpleGrid>
      </Section>

      <Section id="tna-section-profile" title={t('tna.sections.profile')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <TextInput key={form.key('name')} {...field('name')} dir="auto" autoComplete="off" />
          <TextInput key={form.key('lastname')} {...field('lastname')} dir="auto" autoComplete="off" />
          <TextInput key={form.key('fathername')} {...field('fathername')} dir="auto" autoComplete="off" />
          <Reveal at={FORM_PARTS.birthYear}>
            <Group gap={6} align="flex-start" wrap="nowrap">
              <Select
                key={form.key('birth_year')}
                {...field('birth_year')}
                placeholder={t('tna.form.selectYear')}
                data={years}
                allowDeselect={false}
                inputMode="numeric"
                {...searchableSelect(t)}
                style={{ flex: 1, minWidth: 0 }}
              />
              {solar ? (
                // Offline before the service worker had it, the year is still taken in Solar Hijri.
                <ErrorBoundary fallback={null}>
                  <Suspense fallback={null}>
                    <CalendarChoice value={calendar} onChange={setYearCalendar} />
                  </Suspense>
                </ErrorBoundary>
              ) : null}
            </Group>
          </Reveal>
        </SimpleGrid>
      </Section>
    </>
  );
}

export const PersonalSections = memo(
  PersonalSectionsFields,
  sameSection<Parameters<typeof PersonalSectionsFields>[0]>(SECTION_FIELDS.personal),
);
