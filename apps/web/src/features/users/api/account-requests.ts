import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRequestDto, PasswordResetDto, Role } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';

const ACCOUNT_REQUESTS = ['users', 'account-requests'] as const;
const PASSWORD_RESETS = ['users', 'password-resets'] as const;

/** GET /api/users/account-requests: the pending ones. */
export function useAccountRequests() {
  return useQuery({
    queryKey: ACCOUNT_REQUESTS,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: AccountRequestDto[] }>('/users/account-requests', { signal })).data,
    staleTime: 0,
  });
}

/** Accept (with a role) or refuse an account request. */
export function useDecideAccountRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: Role | null }) =>
      role
        ? apiClient.post(`/users/account-requests/${id}/accept`, { role })
        : apiClient.post(`/users/account-requests/${id}/refuse`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_REQUESTS });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

/** GET /api/users/password-resets: open ones and those with a link not yet expired. */
export function usePasswordResets() {
  return useQuery({
    queryKey: PASSWORD_RESETS,
    queryFn: async ({ signal }) =>
      (await apiClient.get<{ data: PasswordResetDto[] }>('/users/password-resets', { signal })).data,
    staleTime: 0,
  });
}

export interface ResetLink {
  url: string;
  expires_at: string;
  mailed: boolean;
}

/** POST /api/users/password-resets/{id}/link: a one-time link, valid one hour. */
export function useCreateResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiClient.post<{ success: ResetLink }>(`/users/password-resets/${id}/link`)).success,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: PASSWORD_RESETS }),
  });
}
