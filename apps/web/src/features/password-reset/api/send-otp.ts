import { PASSWORD_RESET_PATHS, sendOtpAnswerSchema, type SendOtpBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function sendOtp(body: SendOtpBody) {
  return apiRequest(PASSWORD_RESET_PATHS.sendOtp, { method: 'POST', body, schema: sendOtpAnswerSchema });
}

export function useSendOtpMutation() {
  return useMutation({ mutationFn: sendOtp });
}
