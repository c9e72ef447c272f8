import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, UserDto } from '@tna/domain';
import { apiClient } from '../../../lib/api-client';
import { profileQueryOptions } from '../../../lib/auth';

/** POST /api/users/update-profile: name and password of the signed-in user. */
export async function updateProfile(input: ProfileInput): Promise<UserDto | undefined> {
  return (await apiClient.post<{ success?: UserDto }>('/users/update-profile', input)).success;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
  });
}
