import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface StaleNoticeProps {
  reloading: boolean;
  onReload: () => void;
}

/**
 * The edit was based on a version someone has since replaced (409 conflict.staleVersion): say so
 * and offer Reload. Reload is focused, so a keyboard user lands on the way out.
 */
export function StaleNotice({ reloading, onReload }: StaleNoticeProps) {
  const { t } = useTranslation();
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    reload.current?.focus({ preventScroll: true });
    reload.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, []);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('tna.edit.staleTitle')}
      role="alert"
    >
      <Text fz="sm" mb="sm">
        {t('tna.edit.staleBody')}
      </Text>
      <Button
        ref={reload}
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={reloading}
        onClick={onReload}
      >
        {t('tna.edit.reload')}
      </Button>
    </Alert>
  );
}
