import { Text } from '@mantine/core';
import { can, compareNames, type DepartmentDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { AdminScreen } from '../../../components/admin-screen';
import type { Column } from '../../../components/data-table';
import { useDepartments } from '../../../lib/api/get-departments';
import { useRoles } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName } from '../../../lib/localized';
import { useDeleteDepartment } from '../api/delete-department';
import { DepartmentForm } from '../components/department-form';

/** SPEC 2 Departments: #, Name (in the active language), Remarks, Actions; Add toggles the form. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<DepartmentDto>[] = [
    {
      key: 'name',
      header: t('departments.name'),
      width: '35%',
      render: (d) => {
        const name = departmentName(d, language);
        return (
          <>
            <Text fz="sm" fw={500}>
              {name}
            </Text>
            {name !== d.name ? (
              <Text fz="xs" c="dimmed" dir="ltr" ta="start">
                {d.name}
              </Text>
            ) : null}
          </>
        );
      },
    },
    {
      key: 'remarks',
      header: t('departments.remarks'),
      render: (d) =>
        d.remarks ? (
          <Text fz="sm" lineClamp={3} title={d.remarks}>
            {d.remarks}
          </Text>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <AdminScreen
      title={t('pages.titles.departments')}
      listLabel={t('departments.list')}
      list={useDepartments()}
      columns={columns}
      nameOf={(d) => departmentName(d, language)}
      remove={useDeleteDepartment().mutateAsync}
      canManage={can(useRoles(), 'reference.manage')}
      sort={(rows) => [...rows].sort((a, b) => compareNames(departmentName(a, language), departmentName(b, language)))}
      minWidth={720}
      renderForm={(department, done) => <DepartmentForm department={department} onSaved={done} onCancel={done} />}
    />
  );
}
