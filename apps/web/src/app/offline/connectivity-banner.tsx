import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { probe, useConnectivity } from '../../lib/offline/connectivity';

/**
 * Says that the device is offline or the server cannot be reached, that the user stays signed in,
 * and that the app keeps trying; "Try now" asks the server at once.
 */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const { online, reachable } = useConnectivity();
  if (online && reachable) return null;
  return (
    <Alert
      role="status"
      color="orange"
      variant="light"
      mb="sm"
      icon={<IconCloudOff size={20} aria-hidden />}
      data-testid="connectivity-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm">{online ? t('offline.banner.unreachable') : t('offline.banner.offline')}</Text>
        {online && (
          <Button size="compact-sm" variant="subtle" color="orange" onClick={() => void probe()}>
            {t('offline.banner.retryNow')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
