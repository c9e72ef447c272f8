import { useEffect } from 'react';
import { useProfile } from '../lib/auth';
import { updateIdentity } from '../lib/auth-storage';

/**
 * The signed-in user's profile, fetched in the background. Only a 401 ends the session (the API
 * client does that for every call); a network error, a time-out or a 5xx keeps the user signed in
 * with the profile last seen, and the query is tried again when the server answers
 * (lib/offline/connectivity). Roles changed by an admin since login take effect without signing in
 * again.
 */
export function FollowProfile() {
  const profile = useProfile();
  useEffect(() => {
    if (profile.data) updateIdentity({ email: profile.data.email, roles: profile.data.roles.map((r) => r.name) });
  }, [profile.data]);
  return null;
}
