import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { onReconnect } from './offline/connectivity';
import { registerAnswerCache } from './session';

/** Client errors (4xx) are answers, not accidents: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    mutations: { retry: false },
  },
});

// When the server answers again after an outage, what failed meanwhile (the profile, the page's
// lists) is fetched again without the user having to reload.
onReconnect(() => {
  void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
});

// Signing out (lib/session.ts) forgets every cached answer.
registerAnswerCache(queryClient);
