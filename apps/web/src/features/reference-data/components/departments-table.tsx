import { Text } from '@mantine/core';
import type { DepartmentDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import { type Column, DataTable } from '../../../components/data-table';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName } from '../../../lib/localized';

interface DepartmentsTableProps {
  departments: readonly DepartmentDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  canManage: boolean;
  onEdit: (department: DepartmentDto) => void;
  onDelete: (department: DepartmentDto) => void;
}

/** SPEC 2 departments: #, Name (in the active language), Remarks, Actions. */
export function DepartmentsTable(props: DepartmentsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<DepartmentDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
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
  if (props.canManage) {
    columns.push({
      key: 'action',
      header: t('common.actions'),
      width: 96,
      render: (d) => (
        <RowActions
          name={departmentName(d, language)}
          onEdit={() => props.onEdit(d)}
          onDelete={() => props.onDelete(d)}
        />
      ),
    });
  }
  return (
    <DataTable
      columns={columns}
      rows={props.departments}
      rowKey={(d) => d.id}
      loading={props.loading}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={720}
      label={t('departments.list')}
    />
  );
}
