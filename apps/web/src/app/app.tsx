import { Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useSession } from '../lib/auth-storage';
import { AppErrorBoundary } from './offline/error-fallback';
import { followLanguageInManifest } from './offline/manifest';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { lazyNamed } from './routes/lazy-named';

const UpdatePrompt = lazyNamed(() => import('./offline/pwa'), 'UpdatePrompt');

followLanguageInManifest();

/**
 * True once the page has loaded and the browser has a moment (at most 10 s after the load): what is
 * not needed to show the page waits for it, as Workbox advises for a service worker's registration.
 */
function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let idle = 0;
    const onLoad = () => {
      idle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setSettled(true), { timeout: 10_000 })
        : window.setTimeout(() => setSettled(true), 1_000);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  return settled;
}

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
