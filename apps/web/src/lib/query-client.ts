import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isRefusal } from './api-error';
import { getConnectivity, onReconnect, subscribe } from './offline/connectivity';
import { registerAnswerCache } from './session';

/** Client errors (4xx) are answers, not accidents: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    // A change asked for offline fails at once with the network's message (the form or row stays as
    // it was, to try again) instead of a button that spins until the network is back and then acts
    // behind the user's back, maybe on another page. Forms have their own outbox (features/assessments).
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query assumes it starts online and learns otherwise only from an 'offline' event, which a
// page opened with no network never gets: its lists were asked for, failed, and said "could not be
// loaded", while the same list opened offline from inside the app waited quietly for the network.
// It follows the app's own idea instead (lib/offline/connectivity.ts: the browser's, unless the
// server answers anyway), from the start: a list with no answer waits (paused) while offline, and
// the page says it will load when the connection is back (components/load-states.tsx).
if (typeof window !== 'undefined') {
  onlineManager.setEventListener((setOnline) => {
    setOnline(getConnectivity().online);
    return subscribe(() => setOnline(getConnectivity().online));
  });
}

// When the server answers again after an outage, what failed meanwhile (the profile, the page's
// lists) is fetched again without the user having to reload.
onReconnect(() => {
  void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
});

// Signing out (lib/session.ts) forgets every cached answer.
registerAnswerCache(queryClient);
