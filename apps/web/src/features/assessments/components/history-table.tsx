import type { HistoryDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { statusLabel } from '../../../lib/labels';

interface HistoryTableProps {
  histories: readonly HistoryDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** SPEC 2 details: the approval history (who, when, from, to, remarks), oldest first. */
export function HistoryTable({ histories, loading, error, onRetry }: HistoryTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<HistoryDto>[] = [
    { key: 'user', header: t('tna.details.user'), render: (row) => <bdi>{row.user.name}</bdi> },
    {
      key: 'date',
      header: t('tna.details.date'),
      render: (row) => formatDateTime(row.created_at, language),
      noWrap: true,
    },
    {
      key: 'from',
      header: t('tna.details.from'),
      render: (row) => (row.from_status ? statusLabel(t, row.from_status) : '—'),
    },
    { key: 'to', header: t('tna.details.to'), render: (row) => statusLabel(t, row.to_status) },
    {
      key: 'remarks',
      header: t('tna.details.remarks'),
      // The server's own remark on the first entry is translated; the reviewers' remarks are shown as typed.
      render: (row) =>
        row.from_status === null && row.remarks === 'Created' ? (
          t('tna.details.created')
        ) : (
          <bdi>{row.remarks ?? ''}</bdi>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={histories}
      rowKey={(row) => row.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      minWidth={560}
      label={t('tna.details.history')}
    />
  );
}
