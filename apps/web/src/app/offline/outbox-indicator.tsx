import { Button } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../lib/auth-storage';
import { formatNumber } from '../../lib/digits';
import { currentLanguage } from '../../lib/i18n';
import { useOutbox } from '../../lib/offline/outbox';

/** The header's count of forms waiting on this device; it opens the outbox. Hidden when empty. */
export function OutboxIndicator({ colored }: { colored: boolean }) {
  const { t } = useTranslation();
  const { entries } = useOutbox(useSession().email);
  if (!entries.length) return null;
  const refused = entries.some((entry) => entry.state === 'rejected');
  const label = t('offline.outbox.waitingCount', { count: entries.length });
  return (
    <Button
      component={Link}
      to="/tna/outbox"
      size="compact-sm"
      variant={colored ? 'white' : 'light'}
      color={refused ? 'red' : 'orange'}
      leftSection={<IconCloudUpload size={16} aria-hidden />}
      aria-label={label}
      // The browser's own tooltip: Mantine's would bring floating-ui to every page's first load.
      title={label}
      data-testid="outbox-indicator"
    >
      {formatNumber(entries.length, currentLanguage())}
    </Button>
  );
}
