import { STUDENTS_PATHS, studentAnswerSchema } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';

export function restoreStudent(id: string) {
  return apiRequest(withId(STUDENTS_PATHS.restore, id), { method: 'PUT', schema: studentAnswerSchema });
}

export function useRestoreStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
