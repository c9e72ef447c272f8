import { can, type TrainingDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { ModeToggle, useAdminScreen, useConfirmedDelete } from '../../../components/admin-screen';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { useDeleteTraining } from '../api/delete-training';
import { useTrainings } from '../api/get-trainings';
import { TrainingForm } from '../components/training-form';
import { TrainingsTable } from '../components/trainings-table';

/** SPEC 2 Trainings: the list and, toggled by Add, the add/edit form. */
export function TrainingsPage() {
  const { t } = useTranslation();
  const screen = useAdminScreen<TrainingDto>();
  const trainings = useTrainings();
  const remove = useDeleteTraining();
  const destroy = useConfirmedDelete(remove.mutateAsync);
  const canManage = can(useRoles(), 'reference.manage');

  return (
    <>
      <PageHeader
        title={t('pages.titles.trainings')}
        actions={
          canManage ? (
            <ModeToggle
              formOpen={screen.formOpen}
              addLabel={t('common.add')}
              onAdd={screen.add}
              onBack={screen.showList}
            />
          ) : undefined
        }
      />
      {screen.mode.kind === 'form' ? (
        <TrainingForm
          key={screen.mode.item?.id ?? 'new'}
          training={screen.mode.item}
          onSaved={screen.showList}
          onCancel={screen.showList}
        />
      ) : (
        <TrainingsTable
          trainings={trainings.data}
          loading={trainings.isPending}
          error={trainings.isError}
          onRetry={() => void trainings.refetch()}
          canManage={canManage}
          onEdit={(training) => void screen.edit(training)}
          onDelete={(training) => void destroy(training.id)}
        />
      )}
    </>
  );
}
