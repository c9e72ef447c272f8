import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@tna/domain';
import { apiClient } from './api-client';
import { getToken, useSession } from './auth-storage';
import { endSession } from './session';

/** GET /api/details: the signed-in user (SPEC 4 route guard, header user menu, profile). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: async ({ signal }) => (await apiClient.get<ProfileResponse>('/details', { signal })).success,
    staleTime: 5 * 60_000,
  });
}

export function useProfile() {
  const { token } = useSession();
  return useQuery({ ...profileQueryOptions(), enabled: token !== null });
}

/** The signed-in user's roles, from the stored roles text (SPEC 5 role check). */
export function useRoles(): readonly string[] {
  return useSession().roles;
}

/**
 * Sign out: ask the server to revoke the token, then clear the browser session whatever the answer
 * (an expired token or an unreachable server must not keep anybody signed in).
 */
export async function signOut(): Promise<void> {
  if (getToken()) {
    try {
      await apiClient.post('/logout', undefined, { signOutOnUnauthorized: false });
    } catch {
      // Cleared below regardless.
    }
  }
  endSession();
}
