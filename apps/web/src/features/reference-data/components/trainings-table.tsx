import { Badge, Stack, Text } from '@mantine/core';
import type { TrainingDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import { CompactList } from '../../../components/compact-list';
import { type Column, DataTable } from '../../../components/data-table';
import { currentLanguage } from '../../../lib/i18n';
import { frequencyLabel, trainingTypeLabel } from '../../../lib/labels';
import { departmentName, titleOf } from '../../../lib/localized';

interface TrainingsTableProps {
  trainings: readonly TrainingDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  canManage: boolean;
  onEdit: (training: TrainingDto) => void;
  onDelete: (training: TrainingDto) => void;
}

/** SPEC 2 trainings: #, Title En, Title Dr, Title Ps, Frequency, Department, Positions, Actions. */
export function TrainingsTable(props: TrainingsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<TrainingDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    {
      key: 'title_en',
      header: t('trainings.titleEn'),
      render: (tr) => (
        <Stack gap={4} align="flex-start">
          <span dir="ltr">{tr.title_en}</span>
          <Badge
            size="sm"
            variant="light"
            tt="none"
            miw="max-content"
            color={tr.training_type === 'Initial' ? 'blue' : 'grape'}
          >
            {trainingTypeLabel(t, tr.training_type)}
          </Badge>
        </Stack>
      ),
    },
    { key: 'title_dr', header: t('trainings.titleDr'), render: (tr) => <span dir="rtl">{tr.title_dr ?? '—'}</span> },
    { key: 'title_pa', header: t('trainings.titlePs'), render: (tr) => <span dir="rtl">{tr.title_pa ?? '—'}</span> },
    {
      key: 'frequency',
      header: t('trainings.frequency'),
      noWrap: true,
      render: (tr) => frequencyLabel(t, tr.frequency),
    },
    {
      key: 'department',
      header: t('trainings.department'),
      render: (tr) => <Text fz="sm">{departmentName(tr.department, language)}</Text>,
    },
    {
      key: 'positions',
      header: t('trainings.positions'),
      width: '22%',
      render: (tr) => <CompactList items={tr.positions.map((position) => titleOf(position, language))} />,
    },
  ];
  if (props.canManage) {
    columns.push({
      key: 'action',
      header: t('common.actions'),
      width: 96,
      render: (tr) => (
        <RowActions name={titleOf(tr, language)} onEdit={() => props.onEdit(tr)} onDelete={() => props.onDelete(tr)} />
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={props.trainings}
      rowKey={(tr) => tr.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={1100}
      label={t('trainings.list')}
    />
  );
}
