import type { ModalSettings, OpenConfirmModal, useModals } from '@mantine/modals';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

type Modals = ReturnType<typeof useModals>;
type Request = (modals: Modals) => void;

/*
 * The app's dialogs (confirmations, the sign-out question, an import's summary) through Mantine's
 * modals manager, whose code (@mantine/modals, Modal, its focus trap and scroll lock: about 9 KiB
 * gzip) is loaded when the first dialog is asked for rather than with every signed-in page: a phone
 * on a slow link loads and runs that much less before it can show the page (issue 15). After the
 * first visit the service worker has it, and a dialog opens at once.
 */

let modals: Modals | null = null;
let waiting: Request[] = [];
let wanted = false;
const listeners = new Set<() => void>();

function withModals(request: Request) {
  if (modals) {
    request(modals);
    return;
  }
  waiting.push(request);
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Opens a dialog (Mantine's `modals.open`). */
export function openModal(settings: ModalSettings) {
  withModals((m) => m.openModal(settings));
}

/** Opens a Yes/No dialog (Mantine's `modals.openConfirmModal`). */
export function openConfirmModal(settings: OpenConfirmModal) {
  withModals((m) => m.openConfirmModal(settings));
}

/** Closes every open dialog; with none ever opened there is nothing to close. */
export function closeAllModals() {
  modals?.closeAll();
}

function ready(context: Modals) {
  modals = context;
  const requests = waiting;
  waiting = [];
  for (const request of requests) request(context);
}

const loadProvider = () => lazy(() => import('./modal-provider'));
let Provider = loadProvider();

function failed() {
  // The code could not be fetched (offline before the service worker had it): the dialog is not
  // shown, and the next one asked for tries again (a lazy component keeps its failure: a new one).
  wanted = false;
  waiting = [];
  Provider = loadProvider();
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where the dialogs render: inside the signed-in app's providers (query cache, router, theme), so
 * what a dialog shows can use them. Renders nothing until a dialog is first asked for.
 */
export function ModalHost() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <ErrorBoundary fallback={null} onError={failed}>
      <Suspense fallback={null}>
        <Provider onReady={ready} />
      </Suspense>
    </ErrorBoundary>
  );
}
