import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepartmentDto, DepartmentFormInput } from '@tna/domain';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { apiClient } from '../../../lib/api-client';

/** POST /api/departments: creates a department, or updates one when `id` is given. */
export async function saveDepartment(input: DepartmentFormInput): Promise<DepartmentDto> {
  return (await apiClient.post<{ success: DepartmentDto }>('/departments', input)).success;
}

export function useSaveDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDepartment,
    // Positions and trainings show their department's name.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referenceKeys.departments }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.positions }),
        queryClient.invalidateQueries({ queryKey: referenceKeys.trainings }),
      ]),
  });
}
