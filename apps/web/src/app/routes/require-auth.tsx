import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { clearIdentity, useSession } from '../../lib/auth-storage';

/**
 * SPEC 4 route guard. With a token the user is let in (the authenticated app then follows the
 * profile: app/follow-profile.tsx). Without one, email and roles are cleared and the user goes to
 * /login. It reads only the stored session, so the router that every page loads stays small.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();

  useEffect(() => {
    if (!token) clearIdentity();
  }, [token]);

  if (!token) return <Navigate to="/login" replace />;
  return children;
}
