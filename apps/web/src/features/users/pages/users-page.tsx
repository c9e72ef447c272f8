import { Button, Tabs } from '@mantine/core';
import { IconList, IconPlus } from '@tabler/icons-react';
import { can, type UserDto } from '@tna/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { useConfirm } from '../../../components/use-confirm';
import { useUsers } from '../../../lib/api/get-users';
import { useRoles } from '../../../lib/auth';
import { useDeferredView } from '../../../lib/deferred-query';
import { describeError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useDeleteUser } from '../api/delete-user';
import { AccountRequestsPanel, PasswordResetsPanel } from '../components/account-panels';
import { UserForm } from '../components/user-form';
import { UsersTable } from '../components/users-table';

type Mode = { kind: 'list' } | { kind: 'form'; user: UserDto | null };

/** SPEC 2 and 4: the users list and, toggled by Add, the add/edit form. */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [tab, setTab] = useState<string | null>('users');
  // The table is memoised and gets the list in a transition (lib/deferred-query.ts), so its props stay
  // the same objects while only the answer changes.
  const users = useDeferredView(useUsers());
  const remove = useDeleteUser();
  const confirm = useConfirm();
  const canManage = can(useRoles(), 'users.manage');

  const edit = useCallback(
    async (user: UserDto) => {
      if (await confirm('confirm.edit')) setMode({ kind: 'form', user });
    },
    [confirm],
  );

  const { mutateAsync: removeUser } = remove;
  const destroy = useCallback(
    async (user: UserDto) => {
      if (!(await confirm('confirm.delete', { danger: true }))) return;
      try {
        await removeUser(user.id);
        notify('success', t('toast.deleteSucceeded'));
      } catch (error) {
        notify('error', describeError(i18n, error), t('toast.deleteFailed'));
      }
    },
    [confirm, removeUser, t, i18n],
  );
  const editUser = useCallback((user: UserDto) => void edit(user), [edit]);
  const deleteUser = useCallback((user: UserDto) => void destroy(user), [destroy]);
  const { refetch } = users;
  const retry = useCallback(() => void refetch(), [refetch]);

  const toggle =
    mode.kind === 'list' ? (
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setMode({ kind: 'form', user: null })}>
        {t('common.add')}
      </Button>
    ) : (
      <Button
        variant="default"
        leftSection={<IconList size={18} aria-hidden />}
        onClick={() => setMode({ kind: 'list' })}
      >
        {t('common.backToList')}
      </Button>
    );

  return (
    <>
      <PageHeader title={t('users.title')} actions={canManage ? toggle : undefined} />
      {mode.kind === 'form' ? (
        <UserForm
          key={mode.user?.id ?? 'new'}
          user={mode.user}
          onSaved={() => setMode({ kind: 'list' })}
          onCancel={() => setMode({ kind: 'list' })}
        />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="users">{t('users.list')}</Tabs.Tab>
            {canManage ? <Tabs.Tab value="requests">{t('accounts.requests')}</Tabs.Tab> : null}
            {canManage ? <Tabs.Tab value="resets">{t('accounts.resets')}</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="users">
            <UsersTable
              users={users.data}
              loading={users.isPending}
              error={users.isError}
              onRetry={retry}
              canManage={canManage}
              onEdit={editUser}
              onDelete={deleteUser}
            />
          </Tabs.Panel>
          {canManage ? (
            <Tabs.Panel value="requests">
              <AccountRequestsPanel />
            </Tabs.Panel>
          ) : null}
          {canManage ? (
            <Tabs.Panel value="resets">
              <PasswordResetsPanel />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      )}
    </>
  );
}
