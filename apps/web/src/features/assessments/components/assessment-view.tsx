import { Paper, Text, Title } from '@mantine/core';
import type { AssessmentDto } from '@tna/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../lib/digits';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName, titleOf, unitName } from '../../../lib/localized';
import { educationLabel, experienceLabel, facilityLabel, genderLabel, maritalStatusLabel } from './assessment-options';
import print from './assessment-print.module.css';
import classes from './assessment-view.module.css';

interface Item {
  label: string;
  value: ReactNode;
  /** Takes a whole row (remarks, long addresses). */
  wide?: boolean;
}

/** Text typed by the officer, in whichever script it was typed. */
const typed = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : <bdi>{value}</bdi>;
/** Numbers and codes read left to right in every language. */
const ltr = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : <span dir="ltr">{value}</span>;

function Fields({ title, items }: { title: string; items: Item[] }) {
  const titleId = useId();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="md" id={titleId} className={classes.sectionTitle}>
        {title}
      </Title>
      <dl className={`${classes.fields} ${print.fields}`}>
        {items.map((item) => (
          <div key={item.label} className={`${classes.field} ${item.wide ? classes.wide : ''}`}>
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/**
 * A day (YYYY-MM-DD) in the active language's calendar. In Dari and Pashto the Gregorian day follows
 * in small print: the API, the export and older paper forms carry it. In the reader's digits, as
 * every number the app writes (lib/digits.ts), in the ISO order.
 */
function AssessmentDay({ value }: { value: string }) {
  const language = currentLanguage();
  const day = value.slice(0, 10);
  const local = formatDay(day, language);
  if (language === 'en') return <>{local}</>;
  return (
    <>
      {local}{' '}
      <Text span c="dimmed" fz="xs" dir="ltr">
        ({localDigits(day, language)})
      </Text>
    </>
  );
}

/** SPEC 2 details: the assessment's fields grouped like the form's sections, names in the active language. */
export function AssessmentView({ assessment: a }: { assessment: AssessmentDto }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const f = (field: string) => t(`tna.fields.${field}`);
  return (
    <>
      <Fields
        title={t('tna.sections.info')}
        items={[
          { label: f('assessment_date'), value: <AssessmentDay value={a.assessment_date} /> },
          { label: f('form_no'), value: ltr(a.form_no) },
          { label: f('hr_id'), value: ltr(a.hr_id) },
        ]}
      />
      <Fields
        title={t('tna.sections.profile')}
        items={[
          { label: f('name'), value: typed(a.name) },
          { label: f('lastname'), value: typed(a.lastname) },
          { label: f('fathername'), value: typed(a.fathername) },
          {
            label: f('birth_year'),
            value: ltr(a.birth_year === null ? null : localDigits(String(a.birth_year), language)),
          },
        ]}
      />
      <Fields
        title={t('tna.sections.permanent')}
        items={[
          { label: f('province'), value: unitName(a.perm_province, language) },
          { label: f('district'), value: unitName(a.perm_district, language) },
          { label: f('perminent_address_details'), value: typed(a.perminent_address_details) },
        ]}
      />
      <Fields
        title={t('tna.sections.job')}
        items={[
          { label: f('province'), value: unitName(a.temp_province, language) },
          { label: f('district'), value: unitName(a.temp_district, language) },
          { label: f('hospital'), value: <bdi>{facilityLabel(a.hospital)}</bdi> },
          { label: f('job_address'), value: typed(a.job_address) },
        ]}
      />
      <Fields
        title={t('tna.sections.other')}
        items={[
          { label: f('marital_status'), value: maritalStatusLabel(t, a.marital_status) },
          { label: f('gender'), value: genderLabel(t, a.gender) },
          { label: f('temp_address_details'), value: typed(a.temp_address_details) },
          { label: f('department_id'), value: departmentName(a.department, language) },
          { label: f('position_id'), value: titleOf(a.position, language) },
          { label: f('education_level'), value: educationLabel(t, a.education_level) },
          { label: f('education_field'), value: typed(a.education_field) },
          { label: f('graduated_university'), value: typed(a.graduated_university) },
          { label: f('experience'), value: experienceLabel(t, a.experience) },
          { label: f('implementing_organization'), value: typed(a.implementing_organization) },
          { label: f('phone'), value: ltr(a.phone) },
          { label: f('tazkira'), value: ltr(a.tazkira) },
          { label: f('remarks'), value: typed(a.remarks), wide: true },
        ]}
      />
    </>
  );
}
