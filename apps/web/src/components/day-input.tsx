import { Group, Input, NativeSelect } from '@mantine/core';
import type { Language } from '@tna/domain';
import { type FocusEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Calendar,
  calendarDayOf,
  calendarDayToIso,
  calendarMonthNames,
  calendarOf,
  daysInCalendarMonth,
  isoToCalendarDay,
} from '../lib/calendar';
import { localDigits } from '../lib/digits';

interface DayInputProps {
  /** The id of the day select, the first of the three (labels, error scrolling, tests). */
  id?: string;
  label: string;
  language: Language;
  required?: boolean;
  /** The day as YYYY-MM-DD (Gregorian), as the form keeps it and the API takes it. */
  defaultValue?: string;
  /**
   * The same, when the owner keeps it (a filter that "Clear" empties): a day set from outside
   * replaces the three parts, and '' empties them unless only some are chosen (nothing to follow).
   */
  value?: string;
  /** Called with YYYY-MM-DD, or '' while a part is not chosen. */
  onChange: (iso: string) => void;
  onFocus?: (event: FocusEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  error?: string;
  /** The first day allowed, as YYYY-MM-DD: its year is the first one offered. */
  min: string;
  /** The least width, where the three would otherwise shrink to their placeholders (a row of filters). */
  miw?: number;
}

interface Parts {
  year: string;
  month: string;
  day: string;
}

/** The Gregorian YYYY-MM-DD of three chosen parts; '' while one is not chosen. */
function isoOf(parts: Parts, calendar: Calendar): string {
  if (!parts.year || !parts.month || !parts.day) return '';
  const day = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
  return calendarDayToIso(day, calendar) ?? '';
}

function partsOf(iso: string | undefined, calendar: Calendar): Parts {
  const day = iso ? isoToCalendarDay(iso, calendar) : null;
  return day
    ? { year: String(day.year), month: String(day.month), day: String(day.day) }
    : { year: '', month: '', day: '' };
}

/**
 * A day entered in the calendar of the user's language: in Dari and Pashto the Solar Hijri, as
 * Afghan tazkiras and paper forms carry it (Afghan month names), in English the Gregorian. Three
 * native selects (day, month, year), which phones show with their own wheel and which keyboards and
 * screen readers know. The form keeps and sends the Gregorian YYYY-MM-DD; the Solar Hijri
 * conversion is date-fns-jalali's (lib/calendar.ts).
 */
export function DayInput({
  id,
  label,
  language,
  required,
  defaultValue,
  value,
  onChange,
  onFocus,
  onBlur,
  error,
  min,
  miw,
}: DayInputProps) {
  const { t } = useTranslation();
  const calendar = calendarOf(language);
  const [parts, setParts] = useState(() => partsOf(value ?? defaultValue, calendar));
  const shown = isoOf(parts, calendar);
  // Following the owner's value while rendering (React's pattern for state derived from props).
  if (value !== undefined && value !== shown) {
    const wanted = partsOf(value, calendar);
    // '' (or no real day) while only some parts are chosen: the user is choosing, keep them.
    if (wanted.year !== '' || shown !== '') setParts(wanted);
  }
  const ownId = useId();
  const labelId = useId();
  const errorId = useId();
  const thisYear = calendarDayOf(new Date(), calendar).year;
  const minYear = isoToCalendarDay(min, calendar)?.year ?? thisYear;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const days = year && month ? daysInCalendarMonth(calendar, year, month) : 31;
  const digits = (n: number) => localDigits(String(n), language);

  const change = (next: Partial<Parts>) => {
    const merged = { ...parts, ...next };
    // 31 Hamal (or 31 March), then Mizan (April): keep a real day by taking the month's last one.
    if (merged.year && merged.month && merged.day) {
      const last = daysInCalendarMonth(calendar, Number(merged.year), Number(merged.month));
      if (Number(merged.day) > last) merged.day = String(last);
    }
    setParts(merged);
    onChange(isoOf(merged, calendar));
  };

  const years: number[] = [];
  for (let y = Math.max(thisYear, year || 0); y >= minYear; y--) years.push(y);
  const placeholder = { value: '', label: '—' };
  const common = {
    onFocus,
    onBlur,
    error: Boolean(error),
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': error ? errorId : undefined,
    required,
  };

  return (
    <Input.Wrapper
      miw={miw}
      label={label}
      required={required}
      error={error}
      labelElement="div"
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <Group role="group" aria-labelledby={labelId} gap={6} wrap="nowrap" mt={4}>
        <NativeSelect
          {...common}
          id={id ?? ownId}
          aria-label={t('tna.form.day')}
          value={parts.day}
          onChange={(event) => change({ day: event.currentTarget.value })}
          data={[
            placeholder,
            ...Array.from({ length: days }, (_, i) => ({ value: String(i + 1), label: digits(i + 1) })),
          ]}
          w="28%"
        />
        <NativeSelect
          {...common}
          aria-label={t('tna.form.month')}
          value={parts.month}
          onChange={(event) => change({ month: event.currentTarget.value })}
          data={[
            placeholder,
            ...calendarMonthNames(calendar, language).map((name, i) => ({ value: String(i + 1), label: name })),
          ]}
          style={{ flex: 1 }}
        />
        <NativeSelect
          {...common}
          aria-label={t('tna.form.year')}
          value={parts.year}
          onChange={(event) => change({ year: event.currentTarget.value })}
          data={[placeholder, ...years.map((y) => ({ value: String(y), label: digits(y) }))]}
          w="32%"
        />
      </Group>
    </Input.Wrapper>
  );
}
