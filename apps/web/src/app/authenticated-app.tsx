import { Center, Loader } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { RouteErrorBoundary } from './offline/error-fallback';
import { OfflineSync } from './offline/offline-sync';
import { AppRoutes } from './routes/app-routes';
import { ShellLayout } from './shell/shell-layout';

function PageLoader() {
  return (
    <Center py="xl" aria-busy="true">
      <Loader />
    </Center>
  );
}

/** Everything behind sign-in: confirm dialogs, the shell and the routes (one lazily loaded chunk). */
export function AuthenticatedApp() {
  return (
    <ModalsProvider>
      <OfflineSync />
      <ShellLayout>
        {/* A page that fails keeps the shell, so the officer can go elsewhere. */}
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </ShellLayout>
    </ModalsProvider>
  );
}
