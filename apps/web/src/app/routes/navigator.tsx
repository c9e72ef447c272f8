import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from '../../lib/session';

/** Lets code outside React (the API client's 401 handling) move to /login without a page reload. */
export function NavigatorRegistration() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((path, options) => {
      void navigate(path, options);
    });
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}
