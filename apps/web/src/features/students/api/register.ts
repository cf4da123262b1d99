import { registerAnswerSchema, STUDENTS_PATHS, type RegisterInput } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterInput) {
  return apiRequest(STUDENTS_PATHS.register, { method: 'POST', body, schema: registerAnswerSchema });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
