import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/form';
import { notify } from '../lib/notify';
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

/** Edit and Delete icon buttons of a list row (admins only; the caller decides). */
export function RowActions({ name, onEdit, onDelete, size = 'md' }: RowActionsProps) {
  const { t } = useTranslation();
  const icon = size === 'sm' ? 16 : 18;
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit && (
        <Tooltip label={t('common.edit')} withArrow>
          <ActionIcon variant="subtle" size={size} onClick={onEdit} aria-label={t('common.editItem', { name })}>
            <IconPencil size={icon} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={t('common.delete')} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size={size}
            onClick={onDelete}
            aria-label={t('common.deleteItem', { name })}
          >
            <IconTrash size={icon} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
