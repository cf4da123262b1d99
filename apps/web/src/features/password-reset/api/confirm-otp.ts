import { confirmOtpAnswerSchema, PASSWORD_RESET_PATHS, type ConfirmOtpBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function confirmOtp(body: ConfirmOtpBody) {
  return apiRequest(PASSWORD_RESET_PATHS.confirmOtp, { method: 'POST', body, schema: confirmOtpAnswerSchema });
}

export function useConfirmOtpMutation() {
  return useMutation({ mutationFn: confirmOtp });
}
