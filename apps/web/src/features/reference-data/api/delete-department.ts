import { useMutation, useQueryClient } from '@tanstack/react-query';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/departments/{id}; 409 when positions, trainings or assessments use it. */
export async function deleteDepartment(id: number): Promise<void> {
  await apiClient.delete<{ success: true }>(`/departments/${id}`);
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDepartment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.departments }),
  });
}
