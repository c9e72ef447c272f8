import { type AdminUnitDto, can } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModeToggle, useAdminScreen, useConfirmedDelete } from '../../../components/admin-screen';
import { PageHeader } from '../../../components/page-header';
import { useProvinces } from '../../../lib/api/get-provinces';
import { useRoles } from '../../../lib/auth';
import { useDeleteDistrict } from '../api/delete-district';
import { DistrictForm } from '../components/district-form';
import { DistrictsPanel } from '../components/districts-panel';
import { ProvincesTable } from '../components/provinces-table';

/** SPEC 2 Administratives: the provinces with their districts, and the add/edit district form. */
export function AdministrativesPage() {
  const { t } = useTranslation();
  const screen = useAdminScreen<AdminUnitDto>();
  const provinces = useProvinces();
  const remove = useDeleteDistrict();
  const destroy = useConfirmedDelete(remove.mutateAsync);
  const canManage = can(useRoles(), 'reference.manage');
  const [expandedId, setExpandedId] = useState<number | null>(null);

  return (
    <>
      <PageHeader
        title={t('pages.titles.administratives')}
        actions={
          canManage ? (
            <ModeToggle
              formOpen={screen.formOpen}
              addLabel={t('administratives.addDistrict')}
              onAdd={screen.add}
              onBack={screen.showList}
            />
          ) : undefined
        }
      />
      {screen.mode.kind === 'form' ? (
        <DistrictForm
          key={screen.mode.item?.id ?? 'new'}
          district={screen.mode.item}
          provinceId={expandedId}
          onSaved={screen.showList}
          onCancel={screen.showList}
        />
      ) : (
        <ProvincesTable
          provinces={provinces.data}
          loading={provinces.isPending}
          error={provinces.isError}
          onRetry={() => void provinces.refetch()}
          expandedId={expandedId}
          onToggle={(province) => setExpandedId((open) => (open === province.id ? null : province.id))}
          renderDistricts={(province) => (
            <DistrictsPanel
              province={province}
              canManage={canManage}
              onEdit={(district) => void screen.edit(district)}
              onDelete={(district) => void destroy(district.id)}
            />
          )}
        />
      )}
    </>
  );
}
