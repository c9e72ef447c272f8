import { Badge, Stack, Text } from '@mantine/core';
import { can, type TrainingDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { AdminScreen } from '../../../components/admin-screen';
import { CompactList } from '../../../components/compact-list';
import type { Column } from '../../../components/data-table';
import { useRoles } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { frequencyLabel, trainingTypeLabel } from '../../../lib/labels';
import { departmentName, titleOf } from '../../../lib/localized';
import { useDeleteTraining } from '../api/delete-training';
import { useTrainings } from '../api/get-trainings';
import { TrainingForm } from '../components/training-form';

/** SPEC 2 Trainings: #, Title En, Title Dr, Title Ps, Frequency, Department, Positions, Actions; Add toggles the form. */
export function TrainingsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<TrainingDto>[] = [
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
  return (
    <AdminScreen
      title={t('pages.titles.trainings')}
      listLabel={t('trainings.list')}
      list={useTrainings()}
      columns={columns}
      nameOf={(tr) => titleOf(tr, language)}
      remove={useDeleteTraining().mutateAsync}
      canManage={can(useRoles(), 'reference.manage')}
      minWidth={1100}
      renderForm={(training, done) => <TrainingForm training={training} onSaved={done} onCancel={done} />}
    />
  );
}
