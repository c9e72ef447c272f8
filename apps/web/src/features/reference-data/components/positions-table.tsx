import type { PositionDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import { CompactList } from '../../../components/compact-list';
import { type Column, DataTable } from '../../../components/data-table';
import { currentLanguage } from '../../../lib/i18n';
import { titleOf } from '../../../lib/localized';

interface PositionsTableProps {
  positions: readonly PositionDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  canManage: boolean;
  onEdit: (position: PositionDto) => void;
  onDelete: (position: PositionDto) => void;
}

/** SPEC 2 positions: #, Position En, Position Dr, Position Pa, Trainings, Action. */
export function PositionsTable(props: PositionsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<PositionDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    { key: 'title_en', header: t('positions.positionEn'), render: (p) => <span dir="ltr">{p.title_en}</span> },
    { key: 'title_dr', header: t('positions.positionDr'), render: (p) => <span dir="rtl">{p.title_dr}</span> },
    { key: 'title_pa', header: t('positions.positionPa'), render: (p) => <span dir="rtl">{p.title_pa}</span> },
    {
      key: 'trainings',
      header: t('positions.trainings'),
      width: '32%',
      render: (p) => <CompactList items={p.trainings.map((training) => titleOf(training, language))} />,
    },
  ];
  if (props.canManage) {
    columns.push({
      key: 'action',
      header: t('common.actions'),
      width: 96,
      render: (p) => (
        <RowActions name={titleOf(p, language)} onEdit={() => props.onEdit(p)} onDelete={() => props.onDelete(p)} />
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={props.positions}
      rowKey={(p) => p.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={900}
      label={t('positions.list')}
    />
  );
}
