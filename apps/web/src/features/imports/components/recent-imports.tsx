import { Anchor, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import type { ImportKind } from '@tna/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadWorkbook, reportPath } from '../api/download';
import { useImportReports } from '../api/get-reports';
import { formatCount } from './format-count';

/** The dry runs and imports of the last week, each with its report. */
export function RecentImports({ kind }: { kind: ImportKind }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const reports = useImportReports(kind);
  const n = (value: number) => formatCount(value, i18n.resolvedLanguage);
  const download = (id: number) =>
    downloadWorkbook(reportPath(id), currentLanguage(), `${kind}_report.xlsx`).catch((error) =>
      notify('error', describeError(i18n, error)),
    );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="xs" id={titleId}>
        {t('imports.page.recent')}
      </Title>
      {reports.isPending ? (
        <Text fz="sm" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : reports.isError ? (
        <Text fz="sm" c="red">
          {t('common.loadFailed')}{' '}
          <Anchor component="button" fz="sm" onClick={() => void reports.refetch()}>
            {t('common.retry')}
          </Anchor>
        </Text>
      ) : reports.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('imports.page.recentEmpty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped fz="sm" miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.page.when')}</Table.Th>
                <Table.Th>{t('imports.page.fileName')}</Table.Th>
                <Table.Th>{t('imports.page.what')}</Table.Th>
                <Table.Th>{t('imports.page.result')}</Table.Th>
                <Table.Th>{t('imports.page.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatDateTime(r.created_at, currentLanguage())}</Table.Td>
                  <Table.Td>{r.file_name}</Table.Td>
                  <Table.Td>{t(`imports.page.modes.${r.mode}`)}</Table.Td>
                  <Table.Td>
                    {t('imports.page.resultLine', {
                      written: n(r.summary.written),
                      errors: n(r.summary.error),
                      rows: n(r.summary.rows),
                    })}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component="button" fz="sm" onClick={() => void download(r.id)}>
                      {t('imports.page.downloadReport')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
