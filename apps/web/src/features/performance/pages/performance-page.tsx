import { Button, Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, queryRows } from '../../../components/data-table';
import { DayInput } from '../../../components/day-input';
import { PageHeader } from '../../../components/page-header';
import { FIRST_RECORD_DAY } from '../../../lib/calendar';
import { rangeError } from '../../../lib/format';
import { formatNumber } from '../../../lib/format-number';
import { currentLanguage } from '../../../lib/i18n';
import { statusLabel } from '../../../lib/labels';
import {
  type DataEntryRow,
  useDataEntryPerformance,
  useValidationPerformance,
  type ValidationRow,
} from '../api/get-performance';

/** SPEC 2 performance (admin): new TNAs per data-entry user and status changes per validator, for an optional date range. */
export function PerformancePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { from: from || null, to: to || null };
  const entry = useDataEntryPerformance(range);
  const validation = useValidationPerformance(range);

  const entryColumns: Column<DataEntryRow>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 50 },
    { key: 'name', header: t('performance.user'), render: (r) => r.name },
    { key: 'count', header: t('performance.newTnas'), render: (r) => formatNumber(r.staff_count, language) },
  ];
  const validationColumns: Column<ValidationRow>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 50 },
    { key: 'name', header: t('performance.user'), render: (r) => r.name },
    { key: 'status', header: t('tna.fields.status'), render: (r) => statusLabel(t, r.to_status) },
    { key: 'count', header: t('performance.tnaCount'), render: (r) => formatNumber(r.tna_count, language) },
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.performance')} />
      <Paper withBorder p="md" radius="md" mb="md" component="form" aria-label={t('performance.range')}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DayInput
            key={`from-${language}`}
            label={t('logs.from')}
            language={language}
            value={from}
            onChange={setFrom}
            min={FIRST_RECORD_DAY}
            miw={280}
          />
          <DayInput
            key={`to-${language}`}
            label={t('logs.to')}
            language={language}
            value={to}
            error={rangeError(from, to, language, t)}
            onChange={setTo}
            min={FIRST_RECORD_DAY}
            miw={280}
          />
          <Button
            variant="default"
            onClick={() => {
              setFrom('');
              setTo('');
            }}
            disabled={!from && !to}
          >
            {t('logs.clearFilters')}
          </Button>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="lg" mb="sm">
            {t('performance.dataEntry')}
          </Title>
          <DataTable
            label={t('performance.dataEntry')}
            columns={entryColumns}
            {...queryRows(entry)}
            rowKey={(r) => r.id}
            busy={entry.isPlaceholderData}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="lg" mb="sm">
            {t('performance.validation')}
          </Title>
          <DataTable
            label={t('performance.validation')}
            columns={validationColumns}
            {...queryRows(validation)}
            rowKey={(r) => `${r.id}-${r.to_status}`}
            busy={validation.isPlaceholderData}
          />
        </Paper>
      </SimpleGrid>
    </>
  );
}
