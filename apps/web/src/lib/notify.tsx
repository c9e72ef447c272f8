import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { TOAST_TIMEOUT_MS } from '@tna/domain';
import { type ReactNode, useSyncExternalStore } from 'react';
import { i18n } from './i18n';

type Kind = 'success' | 'error' | 'info' | 'warning';

const LOOK: Record<Kind, { color: string; icon: ReactNode }> = {
  success: { color: 'green', icon: <IconCheck size={18} aria-hidden /> },
  error: { color: 'red', icon: <IconX size={18} aria-hidden /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} aria-hidden /> },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={18} aria-hidden /> },
};

// The toasts' host (app/toast-host.tsx: Mantine's Notifications with its transitions) is loaded
// with the first toast, not with the page: most pages open without one, and its script would
// count against the login page's budget (issue 15). Toasts shown before it mounts wait in
// Mantine's store and appear when it does.
let hostWanted = false;
const hostListeners = new Set<() => void>();

/** True once a toast was asked for: the app then mounts the toasts' host. */
export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hostWanted,
  );
}

/**
 * Show a toast (SPEC 9: 3000 ms, no duplicates). The id is derived from the text, so the same
 * message is not stacked twice while it is still visible.
 */
export function notify(kind: Kind, message: string, title?: string): void {
  const { color, icon } = LOOK[kind];
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  notifications.show({
    id: `toast:${kind}:${title ?? ''}:${message}`,
    title,
    message,
    color,
    icon,
    autoClose: TOAST_TIMEOUT_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
