import { Button, Grid } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { AUDIT_EVENTS, AUDITABLE_TYPES } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { Select } from '../../../components/select';
import { searchableProps } from '../../../components/select-options';
import { useUsers } from '../../../lib/api/get-users';
import { FIRST_RECORD_DAY } from '../../../lib/calendar';
import { rangeError } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { auditEventLabel, auditModelLabel } from '../../../lib/labels';

export interface LogFilterValues {
  user_id: string | null;
  model: string | null;
  event: string | null;
  from: string;
  to: string;
}

export const NO_LOG_FILTERS: LogFilterValues = { user_id: null, model: null, event: null, from: '', to: '' };

interface LogFiltersProps {
  value: LogFilterValues;
  onChange: (value: LogFilterValues) => void;
}

/** Empties every filter; disabled while none is set. */
export function ClearLogFilters({ value, onClear }: { value: LogFilterValues; onClear: () => void }) {
  const { t } = useTranslation();
  const filtered = Object.values(value).some((v) => v !== null && v !== '');
  return (
    <Button
      variant="default"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      disabled={!filtered}
      onClick={onClear}
    >
      {t('logs.clearFilters')}
    </Button>
  );
}

/** Filters of the audit trail: who, which kind of record, which event, and a date range. */
export function LogFilters({ value, onChange }: LogFiltersProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const users = useUsers();
  const set = (patch: Partial<LogFilterValues>) => onChange({ ...value, ...patch });

  return (
    <Grid gap="sm" mb="md" role="search" aria-label={t('logs.filters')}>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label={t('logs.user')}
          placeholder={t('common.all')}
          data={(users.data ?? []).map((user) => ({
            value: String(user.id),
            label: `${user.id} · ${user.name}`,
            terms: user.email,
          }))}
          clearable
          {...searchableProps(t('common.nothingFound'))}
          value={value.user_id}
          onChange={(user_id) => set({ user_id })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select
          label={t('logs.model')}
          placeholder={t('common.all')}
          data={AUDITABLE_TYPES.map((type) => ({ value: type, label: auditModelLabel(t, type) }))}
          clearable
          comboboxProps={{ withinPortal: true }}
          value={value.model}
          onChange={(model) => set({ model })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select
          label={t('logs.event')}
          placeholder={t('common.all')}
          data={AUDIT_EVENTS.map((event) => ({ value: event, label: auditEventLabel(t, event) }))}
          clearable
          comboboxProps={{ withinPortal: true }}
          value={value.event}
          onChange={(event) => set({ event })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DayInput
          key={`from-${language}`}
          label={t('logs.from')}
          language={language}
          value={value.from}
          onChange={(from) => set({ from })}
          min={FIRST_RECORD_DAY}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <DayInput
          key={`to-${language}`}
          label={t('logs.to')}
          language={language}
          value={value.to}
          error={rangeError(value.from, value.to, language, t)}
          onChange={(to) => set({ to })}
          min={FIRST_RECORD_DAY}
        />
      </Grid.Col>
    </Grid>
  );
}
