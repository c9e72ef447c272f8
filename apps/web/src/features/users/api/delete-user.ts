import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersQueryKey } from '../../../lib/api/get-users';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/users/{id}; 409 when it is the last admin or the signed-in user. */
export async function deleteUser(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/users/${id}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
