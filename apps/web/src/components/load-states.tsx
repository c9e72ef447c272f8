import { Alert, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconCloudOff, IconInbox } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../lib/offline/connectivity';
import classes from './data-table.module.css';
import placeholder from './placeholder.module.css';

/**
 * What a data view shows while its first answer is on its way: `children` (grey bars, a spinner), or,
 * when the device is offline, that it will load when the connection is back. Offline, a query with no
 * answer yet is paused (lib/query-client.ts) and resumes by itself when the browser is online again:
 * grey bars would promise an answer that is not coming, for as long as the network is off.
 */
export function Pending({ children }: { children: ReactNode }) {
  const { online } = useConnectivity();
  const saidAbove = useContext(NoticeAbove);
  if (online) return children;
  return saidAbove ? null : <OfflineNotice />;
}

/** Whether a page already says, above its views, that they load when the connection is back. */
const NoticeAbove = createContext(false);

/**
 * One notice for a page of several views (the dashboard's six), shown above them while any has no
 * answer and the device is offline or the server does not answer, instead of the same sentence (or
 * six red "could not be loaded" boxes) in each. What failed meanwhile loads again by itself when the
 * server answers (lib/query-client.ts).
 */
export function SharedOfflineNotice({ waiting, children }: { waiting: boolean; children: ReactNode }) {
  const { online, reachable } = useConnectivity();
  return (
    <NoticeAbove.Provider value={true}>
      {(!online || !reachable) && waiting && (
        <Box mb="md">
          <OfflineNotice unreachable={online} />
        </Box>
      )}
      {children}
    </NoticeAbove.Provider>
  );
}

/**
 * Not loaded because the device is offline (or, `unreachable`, the server does not answer); said
 * calmly (not an error) and without a button: the connectivity banner has one.
 */
export function OfflineNotice({ unreachable = false }: { unreachable?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff aria-hidden />} role="status" data-testid="offline-notice">
      <Text fz="sm">{t(unreachable ? 'offline.unreachableNotLoaded' : 'offline.notLoaded')}</Text>
    </Alert>
  );
}

/**
 * `count` grey bars of `height` px, pulsing together: put them in a container with
 * `placeholderGroup` (a Stack, a grid) so that one animation runs for all of them.
 */
export function PlaceholderBars({ count, height }: { count: number; height: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
    <div key={i} className={placeholder.bar} style={{ height }} />
  ));
}

/** The class of a container of PlaceholderBars: the one animation they share. */
export const placeholderGroup = placeholder.group;

/** Rows still on their way: grey bars where the rows will be, announced as busy. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Pending>
      <Stack gap="xs" aria-busy="true" role="status" py="xs">
        <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
        <Stack gap="xs" className={placeholderGroup} aria-hidden>
          <PlaceholderBars count={rows} height={36} />
        </Stack>
      </Stack>
    </Pending>
  );
}

/** A failed load: what happened, 'Try again', and any other way on (`children`, e.g. a way back). */
export function LoadError({
  onRetry,
  text,
  children,
}: {
  onRetry?: (() => void) | undefined;
  text?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { online, reachable } = useConnectivity();
  const saidAbove = useContext(NoticeAbove);
  // A failure while the server cannot be reached is said once above (SharedOfflineNotice).
  if (saidAbove && !(online && reachable)) return null;
  const actions = onRetry !== undefined || children !== undefined;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      <Text fz="sm" mb={actions ? 'xs' : 0}>
        {text ?? t('common.loadFailed')}
      </Text>
      {actions && (
        <Group gap="xs">
          {onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          {children}
        </Group>
      )}
    </Alert>
  );
}

/** An empty list: said plainly, never a blank area. */
export function EmptyState({ text }: { text?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap={4} py="lg">
      <IconInbox size={28} aria-hidden className={classes.emptyIcon} />
      <Text c="dimmed" ta="center" fz="sm">
        {text ?? t('common.noRecords')}
      </Text>
    </Stack>
  );
}
