import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { YearCalendar } from './assessment-options';

/**
 * The birth year's calendar (Solar Hijri or Gregorian), beside the year in Dari and Pashto. A module
 * of its own, loaded only there: English has no choice to make, and SegmentedControl's code is
 * 3.7 KiB gzip of New Assessment's first load (issue 15).
 */
export default function CalendarChoice({
  value,
  onChange,
}: {
  value: YearCalendar;
  onChange: (calendar: YearCalendar) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      mt={28}
      aria-label={t('tna.form.birthCalendar')}
      value={value}
      onChange={(next) => onChange(next as YearCalendar)}
      data={[
        { value: 'solar', label: t('tna.form.calendarSolar') },
        { value: 'gregorian', label: t('tna.form.calendarGregorian') },
      ]}
    />
  );
}
