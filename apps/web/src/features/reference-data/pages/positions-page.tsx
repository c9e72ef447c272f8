import { can, type PositionDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { ModeToggle, useAdminScreen, useConfirmedDelete } from '../../../components/admin-screen';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { useDeletePosition } from '../api/delete-position';
import { usePositions } from '../api/get-positions';
import { PositionForm } from '../components/position-form';
import { PositionsTable } from '../components/positions-table';

/** SPEC 2 Positions (breadcrumb Home > Positions): the list and, toggled by Add, the add/edit form. */
export function PositionsPage() {
  const { t } = useTranslation();
  const screen = useAdminScreen<PositionDto>();
  const positions = usePositions();
  const remove = useDeletePosition();
  const destroy = useConfirmedDelete(remove.mutateAsync);
  const canManage = can(useRoles(), 'reference.manage');

  return (
    <>
      <PageHeader
        title={t('pages.titles.positions')}
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
        <PositionForm
          key={screen.mode.item?.id ?? 'new'}
          position={screen.mode.item}
          onSaved={screen.showList}
          onCancel={screen.showList}
        />
      ) : (
        <PositionsTable
          positions={positions.data}
          loading={positions.isPending}
          error={positions.isError}
          onRetry={() => void positions.refetch()}
          canManage={canManage}
          onEdit={(position) => void screen.edit(position)}
          onDelete={(position) => void destroy(position.id)}
        />
      )}
    </>
  );
}
