import { Badge, Group, Text } from '@mantine/core';
import type { AuditEntryDto, Page } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { auditEventLabel, auditModelLabel } from '../../../lib/labels';
import { AuditChanges, AuditJson, AuditValues } from './audit-values';

const EVENT_COLORS: Record<string, string> = { created: 'green', updated: 'blue', deleted: 'red' };

interface LogsTableProps {
  page: Page<AuditEntryDto> | undefined;
  loading: boolean;
  fetching: boolean;
  error: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
}

/**
 * SPEC 2 user logs: index, user id, event, model, model id, old values, new values, date. An update
 * shows what changed across both value columns, one line per field (old → new).
 */
export function LogsTable(props: LogsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<AuditEntryDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    {
      key: 'user',
      header: t('logs.userId'),
      render: (entry) =>
        entry.user_id === null ? (
          <Text fz="sm" c="dimmed">
            {t('logs.system')}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Text fz="sm" fw={600}>
              {entry.user_id}
            </Text>
            {entry.user_name ? (
              <Text fz="xs" c="dimmed">
                {entry.user_name}
              </Text>
            ) : null}
          </Group>
        ),
    },
    {
      key: 'event',
      header: t('logs.event'),
      noWrap: true,
      width: 110,
      render: (entry) => (
        <Badge
          variant="light"
          color={EVENT_COLORS[entry.event] ?? 'gray'}
          radius="sm"
          tt="none"
          fz="sm"
          miw="max-content"
        >
          {auditEventLabel(t, entry.event)}
        </Badge>
      ),
    },
    {
      key: 'model',
      header: t('logs.model'),
      noWrap: true,
      render: (entry) => auditModelLabel(t, entry.auditable_type),
    },
    { key: 'modelId', header: t('logs.modelId'), noWrap: true, render: (entry) => entry.auditable_id },
    {
      key: 'old',
      header: t('logs.oldValues'),
      width: '26%',
      span: (entry) => (entry.event === 'updated' ? 2 : 1),
      render: (entry) =>
        entry.event === 'updated' ? <AuditChanges entry={entry} /> : <AuditValues values={entry.old_values} />,
    },
    {
      key: 'new',
      header: t('logs.newValues'),
      width: '26%',
      render: (entry) => <AuditValues values={entry.new_values} />,
    },
    {
      key: 'date',
      header: t('logs.date'),
      render: (entry) => (
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(entry.created_at, language)}
          </Text>
          <AuditJson entry={entry} />
        </Group>
      ),
    },
  ];
  return (
    <PagedTable
      columns={columns}
      page={props.page}
      rowKey={(entry) => entry.id}
      loading={props.loading}
      busy={props.fetching}
      error={props.error}
      onRetry={props.onRetry}
      onPage={props.onPage}
      minWidth={1100}
      label={t('logs.list')}
      pagesLabel={t('logs.pages')}
    />
  );
}
