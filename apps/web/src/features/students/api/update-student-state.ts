import { STUDENTS_PATHS, studentAnswerSchema, type AccountState } from '@academy/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withId } from '../lib/query-string';
import { studentKeys } from './query-keys';
import { storeStudent } from './student-cache';

/** Suspending sends the admin's password (ASVS 3.7.1); reactivating sends none. */
export function updateStudentState({ id, state, password }: { id: string; state: AccountState; password?: string }) {
  return apiRequest(withId(STUDENTS_PATHS.updateState, id), { method: 'PUT', body: { state, password }, schema: studentAnswerSchema });
}

export function useUpdateStudentStateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudentState,
    onSuccess: (answer) => {
      storeStudent(queryClient, answer.data);
      // A list fetched while the change was on its way (the search narrowing the list as the
      // switch is turned) would put the old state back: lists showing the student are fetched again.
      void queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}
