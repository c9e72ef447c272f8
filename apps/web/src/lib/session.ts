import { clearSession, getToken } from './auth-storage';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** The router registers its navigate function so code outside React can change the page. */
export function registerNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

// The query cache registers how to empty itself (lib/query-client.ts). This module stays free of
// react-query because the login page loads it, and the login page does without react-query: its
// script budget is 150 KiB gzip on a phone (issue 15).
let answerCache: { clear: () => void } | null = null;

export function registerAnswerCache(cache: { clear: () => void }): void {
  answerCache = cache;
}

/** Forget every answer cached for the session (none was cached if the cache was never created). */
export function forgetCachedAnswers(): void {
  answerCache?.clear();
}

/**
 * End the session on this browser (SPEC 4 and 8): clear token, email and roles, forget every cached
 * answer and go to /login.
 */
export function endSession(): void {
  clearSession();
  forgetCachedAnswers();
  if (navigator) navigator('/login', { replace: true });
  else window.location.assign('/login');
}

/** HTTP 401 from any call other than login: the token is no longer good. */
export function handleUnauthorized(): void {
  if (getToken() === null) return;
  endSession();
}
