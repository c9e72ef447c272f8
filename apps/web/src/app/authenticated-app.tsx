import { Center, Loader } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useDeferredValue } from 'react';
import { ModalHost } from '../components/modal-host';
import { followOtherTabs } from '../lib/cross-tab';
import { queryClient } from '../lib/query-client';
import { FollowProfile } from './follow-profile';
import { RouteErrorBoundary } from './offline/error-fallback';
import { OfflineSync } from './offline/offline-sync';
import { AppRoutes } from './routes/app-routes';
import { preloadPageAt } from './routes/page-modules';
import { ShellLayout } from './shell/shell-layout';

function PageLoader() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader />
    </Center>
  );
}

/**
 * The page mounts in a commit of its own, after the shell's: on a slow phone the first commit's
 * effects (the shell's and the page's queries subscribing, the offline copy, the outbox) ran as one
 * long task (bench/README.md, 2026-12-01 third). A deferred value's first render is the shell alone;
 * React then renders the page in slices and commits it apart. Nothing stands in meanwhile: the wait
 * is a render, not a download, and a loader that flashes for a moment (after sign-in, where no
 * boot frame covers the app) reads as a hiccup.
 */
function AfterShell({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}

followOtherTabs(queryClient);
// The page's code is fetched now, while the shell renders, not once the shell has rendered. (The
// router, loaded before this chunk, does not list the pages: referring to them from there splits
// the shared code into many more, smaller chunks, 9 KiB more to load.)
preloadPageAt(window.location.pathname);

/**
 * Everything behind sign-in: the query cache, confirm dialogs, the shell and the routes (one lazily
 * loaded chunk). The guest pages do without the query cache, so a phone's first page loads less.
 */
export function AuthenticatedApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <FollowProfile />
      {/* Dialogs: their code comes when the first is asked for. */}
      <ModalHost />
      {/* With the shell, not a commit after the page: when it came later, a form filled offline
          could not be completed (the e2e offline tests), its lists being seeded from this device. */}
      <OfflineSync />
      <ShellLayout>
        {/* A page that fails keeps the shell, so the officer can go elsewhere. */}
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <AfterShell>
              <AppRoutes />
            </AfterShell>
          </Suspense>
        </RouteErrorBoundary>
      </ShellLayout>
    </QueryClientProvider>
  );
}
