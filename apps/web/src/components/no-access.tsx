import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="red" icon={<IconLock aria-hidden />} role="alert" mt="md">
      {t('pages.noAccess')}
    </Alert>
  );
}
