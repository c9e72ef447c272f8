import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/auth-storage';

/** SPEC 4: login, register and the password pages are for signed-out users; others go to /. */
export function GuestOnly() {
  const { token } = useSession();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}
