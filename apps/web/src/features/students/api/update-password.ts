import { STUDENTS_PATHS, updatePasswordAnswerSchema, type UpdatePasswordBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { replaceSessionToken } from '../../../lib/session';
import { withId } from '../lib/query-string';

export function updatePassword({ id, body }: { id: string; body: UpdatePasswordBody }) {
  return apiRequest(withId(STUDENTS_PATHS.updatePassword, id), { method: 'PUT', body, schema: updatePasswordAnswerSchema });
}

/**
 * The change ends every session of the account, this one too; the answer's fresh token is stored
 * at once so this browser stays signed in while the others are signed out.
 */
export function useUpdatePasswordMutation() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (answer) => replaceSessionToken(answer.data.token),
  });
}
