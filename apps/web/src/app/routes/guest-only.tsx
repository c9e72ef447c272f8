import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/auth-storage';

/**
 * SPEC 4: login, register and the password pages are for signed-out users; a signed-in user who
 * opens them is sent to /. Only a user who *arrives* signed in is turned away: right after signing in
 * the login page itself moves on to the role's home page (/tna for data entry and validators), and
 * this redirect must not race it.
 */
export function GuestOnly() {
  const { token } = useSession();
  const [arrivedSignedIn] = useState(() => token !== null);
  if (token && arrivedSignedIn) return <Navigate to="/" replace />;
  return <Outlet />;
}
