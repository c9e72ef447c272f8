import { Suspense, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useSession } from '../lib/auth-storage';
import { useSettled } from '../lib/settled';
import { AppErrorBoundary } from './offline/error-fallback';
import { followLanguageInManifest } from './offline/manifest';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { lazyNamed } from './routes/lazy-named';

const UpdatePrompt = lazyNamed(() => import('./offline/pwa'), 'UpdatePrompt');

followLanguageInManifest();

/**
 * The service worker is registered, and new versions offered, from the first sign-in on, and stays
 * so after a sign-out (mounted once: its hourly checks are not started twice). A guest's sign-in page
 * does without that code (workbox-window and the prompt: 3 KiB gzip of its 150 KiB budget, issue 15),
 * and nothing can be done offline before a sign-in. Its code comes once the page has settled: a
 * phone's first load of a page has 6 KiB gzip less to fetch and run before it can be used.
 */
function UpdatesOnceSignedIn() {
  const { token } = useSession();
  const settled = useSettled();
  const signedIn = useRef(false);
  if (token) signedIn.current = true;
  if (!signedIn.current || !settled) return null;
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary goHome={() => window.location.assign('/')}>
        <AppRouter />
      </AppErrorBoundary>
      <UpdatesOnceSignedIn />
    </AppProviders>
  );
}
