import { approvalPendingAnswerSchema, STUDENTS_PATHS, type DeleteStudentBody } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';

/**
 * The admin's password travels in the DELETE's JSON body (ASVS 3.7.1), as when ending a session.
 * The answer is the request a second admin approves (202): nothing is deleted yet.
 */
export function deleteStudent({ id, password }: { id: string } & DeleteStudentBody) {
  return apiRequest(withId(STUDENTS_PATHS.remove, id), { method: 'DELETE', body: { password }, schema: approvalPendingAnswerSchema });
}

/** Spec section 8: after a delete 'the page reloads'; here the list and deleted view reload. */
export function useDeleteStudentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  });
}
