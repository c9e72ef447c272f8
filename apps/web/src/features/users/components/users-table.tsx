import type { UserDto } from '@tna/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import { type Column, DataTable } from '../../../components/data-table';
import { useProvinces } from '../../../lib/api/get-provinces';
import { formatList } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { unitName } from '../../../lib/localized';

interface UsersTableProps {
  users: readonly UserDto[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** Edit and Delete are shown only when the signed-in user may manage users. */
  canManage: boolean;
  onEdit: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

/**
 * SPEC 2 users table: #, Name, Email, Role, Action. Memoised: the page hands it the list in a
 * transition (lib/deferred-query.ts).
 */
export const UsersTable = memo(function UsersTable({
  users,
  loading,
  error,
  onRetry,
  canManage,
  onEdit,
  onDelete,
}: UsersTableProps) {
  const { t } = useTranslation();
  const provinces = useProvinces();
  const provinceName = (id: number) => {
    const unit = provinces.data?.find((p) => p.id === id);
    return unit ? unitName(unit, currentLanguage()) : String(id);
  };
  const columns: Column<UserDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    { key: 'name', header: t('users.name'), render: (user) => user.name },
    { key: 'email', header: t('users.email'), render: (user) => <span dir="ltr">{user.email}</span> },
    {
      key: 'role',
      header: t('users.role'),
      render: (user) =>
        formatList(
          user.roles.map((role) => t(`roles.${role.name}`, { defaultValue: role.name })),
          currentLanguage(),
        ),
    },
    {
      key: 'provinces',
      header: t('users.provinces'),
      // Admins always see every province, whatever set they were given.
      render: (user) =>
        user.provinces.length && !user.roles.some((role) => role.name === 'admin')
          ? formatList(user.provinces.map(provinceName), currentLanguage())
          : t('users.allProvinces'),
    },
    {
      key: 'action',
      header: t('common.action'),
      width: 110,
      render: (user) =>
        canManage ? <RowActions name={user.name} onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} /> : null,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={users}
      rowKey={(user) => user.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      label={t('users.list')}
    />
  );
});
