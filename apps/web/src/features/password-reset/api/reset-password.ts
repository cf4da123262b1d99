import { PASSWORD_RESET_PATHS, resetPasswordAnswerSchema, type ResetPasswordBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest(PASSWORD_RESET_PATHS.resetPassword, { method: 'POST', body, schema: resetPasswordAnswerSchema });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
