import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useProfile } from '../../lib/auth';
import { clearIdentity, updateIdentity, useSession } from '../../lib/auth-storage';

/**
 * SPEC 4 route guard. With a token the user is let in while the profile is fetched in the background.
 * Only a 401 ends the session (the API client does that for every call); a network error, a time-out
 * or a 5xx keeps the user signed in with the profile last seen, and the query is tried again when the
 * server answers (lib/offline/connectivity). Without a token, email and roles are cleared and the user
 * goes to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const profile = useProfile();

  useEffect(() => {
    if (!token) clearIdentity();
  }, [token]);

  useEffect(() => {
    // Roles changed by an admin since login take effect without signing in again.
    if (profile.data) updateIdentity({ email: profile.data.email, roles: profile.data.roles.map((r) => r.name) });
  }, [profile.data]);

  if (!token) return <Navigate to="/login" replace />;
  return children;
}
