import { ActionIcon, Button, Group } from '@mantine/core';
import { IconList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/form';
import { notify } from '../lib/notify';
import { type Column, DataTable } from './data-table';
import { PageHeader } from './page-header';
import { useConfirm } from './use-confirm';

export type ScreenMode<T> = { kind: 'list' } | { kind: 'form'; item: T | null };

/**
 * SPEC 4 admin screens: a list mode and a form mode toggled by Add. Edit asks 'Are you sure to edit?'
 * first and then opens the form filled with the record.
 */
export function useAdminScreen<T>() {
  const confirm = useConfirm();
  const [mode, setMode] = useState<ScreenMode<T>>({ kind: 'list' });
  const open = useCallback((next: ScreenMode<T>) => {
    setMode(next);
    // The Edit button may sit far down a long list; the form starts at the top of the page.
    window.scrollTo({ top: 0 });
  }, []);
  const add = useCallback(() => open({ kind: 'form', item: null }), [open]);
  const edit = useCallback(
    async (item: T) => {
      if (await confirm('confirm.edit')) open({ kind: 'form', item });
    },
    [confirm, open],
  );
  const showList = useCallback(() => open({ kind: 'list' }), [open]);
  return { mode, formOpen: mode.kind === 'form', add, edit, showList };
}

interface ModeToggleProps {
  formOpen: boolean;
  /** 'Add', 'Add District', 'Add Health Facility'. */
  addLabel: string;
  onAdd: () => void;
  onBack: () => void;
}

/** The Add button in list mode, 'Back to list' in form mode. */
export function ModeToggle({ formOpen, addLabel, onAdd, onBack }: ModeToggleProps) {
  const { t } = useTranslation();
  return formOpen ? (
    <Button variant="default" leftSection={<IconList size={18} aria-hidden />} onClick={onBack}>
      {t('common.backToList')}
    </Button>
  ) : (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={onAdd}>
      {addLabel}
    </Button>
  );
}

/**
 * Delete after 'Are you sure to delete?'. Toasts 'Deletion Succeeded', or 'Deletion Failed!' with the
 * translated reason (for example what still uses the record). Resolves true when it was deleted.
 */
export function useConfirmedDelete<Id>(remove: (id: Id) => Promise<unknown>) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  return useCallback(
    async (id: Id): Promise<boolean> => {
      if (!(await confirm('confirm.delete', { danger: true }))) return false;
      try {
        await remove(id);
        notify('success', t('toast.deleteSucceeded'));
        return true;
      } catch (error) {
        notify('error', describeError(i18n, error), t('toast.deleteFailed'));
        return false;
      }
    },
    [confirm, remove, t, i18n],
  );
}

interface RowActionsProps {
  /** The record's name, for the buttons' accessible names ('Edit Kabul'). */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  size?: 'sm' | 'md';
}

/**
 * Edit and Delete icon buttons of a list row (admins only; the caller decides). Their tooltips are
 * the browser's own (title): Mantine's Tooltip brought floating-ui to most pages' first load (issue 15).
 */
export function RowActions({ name, onEdit, onDelete, size = 'md' }: RowActionsProps) {
  const { t } = useTranslation();
  const icon = size === 'sm' ? 16 : 18;
  const actions = [
    onEdit && {
      key: 'edit',
      title: t('common.edit'),
      label: t('common.editItem', { name }),
      onClick: onEdit,
      Icon: IconPencil,
      color: undefined,
    },
    onDelete && {
      key: 'delete',
      title: t('common.delete'),
      label: t('common.deleteItem', { name }),
      onClick: onDelete,
      Icon: IconTrash,
      color: 'red',
    },
  ].filter((action) => !!action);
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map(({ key, title, label, onClick, Icon, color }) => (
        <ActionIcon
          key={key}
          title={title}
          variant="subtle"
          color={color}
          size={size}
          onClick={onClick}
          aria-label={label}
        >
          <Icon size={icon} aria-hidden />
        </ActionIcon>
      ))}
    </Group>
  );
}

/** What an admin screen needs of its list query (a TanStack Query result). */
interface ListQuery<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface AdminScreenProps<T extends { id: number }> {
  /** The page's heading. */
  title: string;
  /** Accessible name of the list. */
  listLabel: string;
  list: ListQuery<T>;
  /** The entity's own columns; the row number and the Edit/Delete actions are added here. */
  columns: Column<T>[];
  /** The record's name in the active language, for the action buttons' names ('Edit Surgery'). */
  nameOf: (row: T) => string;
  /** Deletes a record (a mutation's `mutateAsync`). */
  remove: (id: number) => Promise<unknown>;
  /** The add (item null) or edit form; `done` returns to the list. */
  renderForm: (item: T | null, done: () => void) => ReactNode;
  /** Whether the reader may add, edit and delete (the policy's 'reference.manage'). */
  canManage: boolean;
  /** Order of the rows, when the server's is not the one to show. */
  sort?: (rows: readonly T[]) => readonly T[];
  /** Below this width the table scrolls sideways (desktop); phones get cards. */
  minWidth?: number;
  /** Header of the actions column: SPEC 2 says 'Action' on some screens, 'Actions' on others. */
  actionHeader?: string;
}

/**
 * SPEC 2 and 4 admin screen of a simple reference list (departments, positions, trainings): a numbered
 * list with Edit and Delete per row and, toggled by Add, the add/edit form.
 */
export function AdminScreen<T extends { id: number }>(props: AdminScreenProps<T>) {
  const { t } = useTranslation();
  const screen = useAdminScreen<T>();
  const destroy = useConfirmedDelete(props.remove);
  const columns: Column<T>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    ...props.columns,
  ];
  if (props.canManage) {
    columns.push({
      key: 'action',
      header: props.actionHeader ?? t('common.actions'),
      width: 96,
      render: (row) => (
        <RowActions
          name={props.nameOf(row)}
          onEdit={() => void screen.edit(row)}
          onDelete={() => void destroy(row.id)}
        />
      ),
    });
  }
  const rows = props.list.data && props.sort ? props.sort(props.list.data) : props.list.data;
  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          props.canManage ? (
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
        <Fragment key={screen.mode.item?.id ?? 'new'}>{props.renderForm(screen.mode.item, screen.showList)}</Fragment>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          loading={props.list.isPending}
          error={props.list.isError}
          onRetry={() => void props.list.refetch()}
          minWidth={props.minWidth}
          label={props.listLabel}
        />
      )}
    </>
  );
}
