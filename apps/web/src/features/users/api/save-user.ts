import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserDto, UserFormInput } from '@tna/domain';
import { usersQueryKey } from '../../../lib/api/get-users';
import { apiClient } from '../../../lib/api-client';

/** POST /api/users/register: creates, or updates when `id` is given (an empty password keeps the old one). */
export async function saveUser(input: UserFormInput): Promise<UserDto> {
  return (await apiClient.post<{ success: UserDto }>('/users/register', input)).success;
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        // The signed-in admin may have edited their own account.
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
