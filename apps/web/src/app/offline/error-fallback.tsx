import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getConnectivity } from '../../lib/offline/connectivity';
import { isChunkLoadError, retryFailedChunks } from '../routes/lazy-named';

const RELOAD_MARK = 'tna-chunk-reload';
const RELOAD_WINDOW_MS = 60_000;

/**
 * A chunk that fails while the browser is online most likely belongs to a deployment that has been
 * replaced: a full reload fetches the new index.html and its chunks. Done once a minute at most, so a
 * chunk that is really broken cannot reload the page in a loop.
 */
function reloadOnce(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(RELOAD_MARK) ?? 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(RELOAD_MARK, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

function ErrorFallback({ error, resetErrorBoundary, goHome }: FallbackProps & { goHome: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const chunk = isChunkLoadError(error);
  const offline = !getConnectivity().online;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const retry = () => {
    if (chunk && !offline && reloadOnce()) return;
    resetErrorBoundary();
  };

  return (
    <Center py="xl" px="sm">
      <Paper withBorder p="lg" radius="md" maw={520} w="100%" role="alert" data-testid="error-boundary">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={24} color="var(--mantine-color-orange-6)" aria-hidden />
            <Title order={2} fz="lg" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {chunk ? t('offline.error.chunkTitle') : t('offline.error.renderTitle')}
            </Title>
          </Group>
          <Text fz="sm">
            {chunk
              ? offline
                ? t('offline.error.chunkOffline')
                : t('offline.error.chunkOnline')
              : t('offline.error.renderText')}
          </Text>
          <Group gap="sm">
            <Button onClick={retry}>{t('offline.error.tryAgain')}</Button>
            <Button variant="default" onClick={goHome}>
              {t('offline.error.goHome')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * Nothing is ever a white page: a render error or a page whose code cannot be loaded shows a
 * translated message with "Try again" and "Go home". `resetKeys` (the path) clears it on navigation.
 */
export function AppErrorBoundary({
  children,
  resetKeys,
  goHome,
}: {
  children: ReactNode;
  resetKeys?: unknown[];
  goHome: () => void;
}) {
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      // A new path or Try again: pages whose code failed are loaded afresh.
      onReset={retryFailedChunks}
      fallbackRender={(props) => (
        <ErrorFallback
          {...props}
          goHome={() => {
            goHome();
            props.resetErrorBoundary();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The boundary inside the router: "Go home" navigates, and a new path clears the message. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <AppErrorBoundary resetKeys={[pathname]} goHome={() => navigate('/')}>
      {children}
    </AppErrorBoundary>
  );
}
