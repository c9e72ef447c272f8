import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { onReconnect } from '../../lib/offline/connectivity';

const UPDATE_CHECK_MS = 60 * 60_000;

/** The worker registration of this tab, once registered. */
let registered: ServiceWorkerRegistration | undefined;

/** How long Reload waits for the new worker to take over before it reloads anyway. */
const TAKEOVER_MS = 5_000;

/**
 * Reload as soon as the new worker has taken over. vite-plugin-pwa reloads only on workbox's
 * `controlling` event, which workbox sends only for a worker it counts as this page's own: one it saw
 * found. A new version found before this tab registered (the navigation that opened the tab looks for
 * one, and a slow phone registers seconds later) is "external", its takeover is `externalcontrolling`,
 * and Reload did nothing (seen in CI: the e2e test waited 30 s for the reload). So this tab listens
 * itself: for the new controller, and for the waiting worker's own activation (a tab its worker does
 * not control gets no controllerchange), and asks that worker to take over directly as well. Should
 * neither come (seen once more in CI, cause not found), it reloads after a few seconds anyway: the
 * user asked for a reload, and a tab still on the old worker offers the update again. With no worker
 * waiting any more (another tab took the update), the tab reloads at once.
 */
function reloadOnNewWorker(): void {
  const waiting = registered?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
  window.setTimeout(reload, TAKEOVER_MS);
}

/**
 * Registers the service worker and offers a new version when one has been deployed: "A new version is
 * available" with Reload, which activates the new worker and reloads every tab on the new chunks.
 * Until then the tab keeps running on the version it started with (never a mix of the two).
 * Mounted once per tab, from the first sign-in on (app.tsx).
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      registered = registration;
      // A tab left open for days still learns about a deployment: hourly, and after an outage.
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      onReconnect(() => void registration.update().catch(() => undefined));
    },
  });

  if (!needRefresh) return null;
  return (
    <Paper
      role="status"
      withBorder
      shadow="md"
      p="sm"
      radius="md"
      pos="fixed"
      bottom={16}
      style={{ insetInlineEnd: 16, zIndex: 400, maxWidth: 'calc(100vw - 32px)' }}
      data-testid="update-prompt"
    >
      <Group gap="sm" wrap="wrap">
        <Text fz="sm">{t('offline.update.available')}</Text>
        <Button
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => {
            reloadOnNewWorker();
            void updateServiceWorker(true);
          }}
        >
          {t('offline.update.reload')}
        </Button>
        <Button size="compact-sm" variant="subtle" onClick={() => setNeedRefresh(false)}>
          {t('offline.update.later')}
        </Button>
      </Group>
    </Paper>
  );
}
