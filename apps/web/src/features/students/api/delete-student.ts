import { noDataAnswerSchema, STUDENTS_PATHS } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';

export function deleteStudent(id: string) {
  return apiRequest(withId(STUDENTS_PATHS.remove, id), { method: 'DELETE', schema: noDataAnswerSchema });
}

/** Spec section 8: after a delete 'the page reloads'; here the list and deleted view reload. */
export function useDeleteStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
