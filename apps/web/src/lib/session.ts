import { clearSession, getToken } from './auth-storage';
import { queryClient } from './query-client';

type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

/** The router registers its navigate function so code outside React can change the page. */
export function registerNavigator(navigate: Navigate | null): void {
  navigator = navigate;
}

/**
 * End the session on this browser (SPEC 4 and 8): clear token, email and roles, forget every cached
 * answer and go to /login.
 */
export function endSession(): void {
  clearSession();
  queryClient.clear();
  if (navigator) navigator('/login', { replace: true });
  else window.location.assign('/login');
}

/** HTTP 401 from any call other than login: the token is no longer good. */
export function handleUnauthorized(): void {
  if (getToken() === null) return;
  endSession();
}
