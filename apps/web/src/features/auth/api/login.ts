import { loginAnswerSchema, STUDENTS_PATHS, type LoginAnswer, type LoginBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginAnswer> {
  return apiRequest(STUDENTS_PATHS.login, { method: 'POST', body, schema: loginAnswerSchema });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
