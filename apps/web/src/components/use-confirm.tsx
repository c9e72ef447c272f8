import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmModal } from './modal-host';

/**
 * Ask before acting (SPEC 5 confirm texts). Resolves true on Yes, false on Cancel, Escape or a click
 * outside. Needs the authenticated app's ModalHost (modal-host.tsx).
 */
export function useConfirm() {
  const { t } = useTranslation();
  return useCallback(
    (messageKey: string, options: { danger?: boolean } = {}) =>
      new Promise<boolean>((resolve) => {
        openConfirmModal({
          title: t('confirm.title'),
          centered: true,
          closeButtonProps: { 'aria-label': t('common.close') },
          children: <Text fz="sm">{t(messageKey)}</Text>,
          labels: { confirm: t('confirm.yes'), cancel: t('confirm.no') },
          confirmProps: { color: options.danger ? 'red' : undefined, 'data-autofocus': true },
          onConfirm: () => resolve(true),
          onCancel: () => resolve(false),
          onClose: () => resolve(false),
        });
      }),
    [t],
  );
}
