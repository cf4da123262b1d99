import { STUDENTS_PATHS, updateStudentAnswerSchema, type UpdateStudentBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';
import { storeStudent } from './student-cache';

export function updateStudent({ id, body }: { id: string; body: UpdateStudentBody }) {
  return apiRequest(withId(STUDENTS_PATHS.update, id), { method: 'PUT', body, schema: updateStudentAnswerSchema });
}

export function useUpdateStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudent,
    onSuccess: (answer) => {
      storeStudent(queryClient, answer.data);
      // A new name or batch can move the student to another page of the list.
      void queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}
