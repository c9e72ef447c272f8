import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ProfileResponse, provinceScope } from '@tna/domain';
import { apiClient } from './api-client';
import { getSession, getToken, useSession } from './auth-storage';
import { readLastProfile, writeLastProfile } from './offline/profile-cache';
import { endSession } from './session';

/** GET /api/details: the signed-in user (SPEC 4 route guard, header user menu, profile). */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: async ({ signal }) => {
      const profile = (await apiClient.get<ProfileResponse>('/details', { signal })).success;
      writeLastProfile(getSession().email, profile);
      return profile;
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * The profile query as the screens ask it. Until the server answers (or while it cannot be reached)
 * the profile last seen on this device stands in, marked as old (updated at 0) so that it is fetched
 * again at once.
 */
function signedInProfile(token: string | null, email: string | null) {
  return {
    ...profileQueryOptions(),
    enabled: token !== null,
    initialData: () => readLastProfile(email),
    initialDataUpdatedAt: 0,
  };
}

/** The signed-in user. */
export function useProfile() {
  const { token, email } = useSession();
  return useQuery(signedInProfile(token, email));
}

// All provinces is selected as undefined, the same as "still loading": the screens that ask are then
// not rendered again when a profile with no scope arrives. As null it changed the selected value from
// undefined to null, and TanStack Query rebuilt the whole dashboard synchronously for it: a task of
// about 30 ms unslowed on a first visit (bench/README.md, 2026-11-29).
const scopeOf = (user: ProfileResponse['success']): readonly number[] | undefined =>
  provinceScope({ id: user.id, roles: user.roles.map((r) => r.name), provinces: user.provinces }) ?? undefined;

/**
 * The provinces the signed-in user works in (the domain's provinceScope), or null for all of them
 * (and while the profile loads): what the screens offer; the server enforces it either way.
 * Selected from the profile, so that a screen that asks is rendered again only when the scope changes,
 * not when the profile arrives: TanStack Query renders such a screen at once, in one task, and the
 * dashboard and the lists ask at their top (issue 15).
 */
export function useProvinceScope(): readonly number[] | null {
  const { token, email } = useSession();
  return useQuery(provinceScopeQuery(token, email)).data ?? null;
}

/** The query useProvinceScope reads: the profile, selected down to its scope (undefined for all). */
export function provinceScopeQuery(token: string | null, email: string | null) {
  return { ...signedInProfile(token, email), select: scopeOf };
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
