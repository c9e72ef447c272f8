import { Badge, Code, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type ErrorLogDto, useErrorLogs } from '../api/get-error-logs';

function StackTrace({ entry }: { entry: ErrorLogDto }) {
  const { t } = useTranslation();
  if (!entry.stack) return null;
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>
        <Text span fz="xs" c="blue">
          {t('errorLogs.stack')}
        </Text>
      </summary>
      <Code block dir="ltr" fz="xs" mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: '100%' }}>
        {entry.stack}
      </Code>
    </details>
  );
}

/** SPEC 2 Error Logs (admin): the raw error entries, newest first, one page at a time. */
export function ErrorLogsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [page, setPage] = useState(1);
  const logs = useErrorLogs(page);

  const columns: Column<ErrorLogDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 50 },
    { key: 'time', header: t('errorLogs.time'), render: (e) => formatDateTime(e.created_at, language), noWrap: true },
    {
      key: 'request',
      header: t('errorLogs.request'),
      render: (e) => (
        <Text fz="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>
          <b>{e.method}</b> {e.route ?? e.url}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('errorLogs.status'),
      render: (e) => (
        <Badge color={e.status_code >= 500 ? 'red' : 'yellow'} variant="light">
          {e.status_code}
        </Badge>
      ),
    },
    {
      key: 'message',
      header: t('errorLogs.message'),
      render: (e) => (
        <Stack gap={4} dir="ltr" style={{ minWidth: 0 }}>
          <Text fz="sm" style={{ wordBreak: 'break-word' }}>
            {e.message}
          </Text>
          <StackTrace entry={e} />
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.errorLogs')} />
      <PagedTable
        label={t('errorLogs.list')}
        pagesLabel={t('errorLogs.pages')}
        columns={columns}
        page={logs.data}
        onPage={setPage}
        rowKey={(e) => e.id}
        loading={logs.isPending}
        busy={logs.isPlaceholderData}
        error={logs.isError}
        onRetry={() => void logs.refetch()}
        minWidth={720}
      />
    </>
  );
}
