import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { useProfile } from '../../lib/auth';
import { clearIdentity, updateIdentity, useSession } from '../../lib/auth-storage';
import { endSession } from '../../lib/session';

/**
 * SPEC 4 route guard. A loaded profile lets the user through. With a token the profile is fetched
 * in the background while the user is let in; if that call fails the session is cleared and the user
 * goes to /login. Without a token, email and roles are cleared and the user goes to /login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const profile = useProfile();

  useEffect(() => {
    if (!token) clearIdentity();
  }, [token]);

  useEffect(() => {
    if (token && profile.isError) endSession();
  }, [token, profile.isError]);

  useEffect(() => {
    // Roles changed by an admin since login take effect without signing in again.
    if (profile.data) updateIdentity({ email: profile.data.email, roles: profile.data.roles.map((r) => r.name) });
  }, [profile.data]);

  if (!token) return <Navigate to="/login" replace />;
  return children;
}
