import { can, type DepartmentDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { ModeToggle, useAdminScreen, useConfirmedDelete } from '../../../components/admin-screen';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName } from '../../../lib/localized';
import { useDeleteDepartment } from '../api/delete-department';
import { useDepartments } from '../api/get-departments';
import { DepartmentForm } from '../components/department-form';
import { DepartmentsTable } from '../components/departments-table';

/** SPEC 2 Departments: the list and, toggled by Add, the add/edit form. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const screen = useAdminScreen<DepartmentDto>();
  const departments = useDepartments();
  const remove = useDeleteDepartment();
  const destroy = useConfirmedDelete(remove.mutateAsync);
  const canManage = can(useRoles(), 'reference.manage');
  const language = currentLanguage();
  const rows = departments.data
    ? [...departments.data].sort((a, b) => departmentName(a, language).localeCompare(departmentName(b, language)))
    : undefined;

  return (
    <>
      <PageHeader
        title={t('pages.titles.departments')}
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
        <DepartmentForm
          key={screen.mode.item?.id ?? 'new'}
          department={screen.mode.item}
          onSaved={screen.showList}
          onCancel={screen.showList}
        />
      ) : (
        <DepartmentsTable
          departments={rows}
          loading={departments.isPending}
          error={departments.isError}
          onRetry={() => void departments.refetch()}
          canManage={canManage}
          onEdit={(department) => void screen.edit(department)}
          onDelete={(department) => void destroy(department.id)}
        />
      )}
    </>
  );
}
