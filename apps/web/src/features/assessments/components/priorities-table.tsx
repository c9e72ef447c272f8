import type { PriorityDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/data-table';
import { formatNumber } from '../../../lib/digits';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName, titleOf } from '../../../lib/localized';

interface PrioritiesTableProps {
  priorities: readonly PriorityDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/** SPEC 2 details: the training priorities (priority, department, training), most urgent first. */
export function PrioritiesTable({ priorities, loading, error, onRetry }: PrioritiesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<PriorityDto>[] = [
    {
      key: 'priority',
      header: t('tna.fields.priority'),
      render: (row) => formatNumber(row.priority, language),
      width: 80,
    },
    { key: 'department', header: t('tna.form.department'), render: (row) => departmentName(row.department, language) },
    { key: 'training', header: t('tna.form.training'), render: (row) => titleOf(row.training, language) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={priorities}
      rowKey={(row) => row.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      minWidth={320}
      label={t('tna.details.priorities')}
    />
  );
}
