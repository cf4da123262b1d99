import { signInStepAnswerSchema, STUDENTS_PATHS, type LoginBody, type SignInStepAnswer } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

// The call only: its mutation hook (hooks/use-sign-in.ts) loads this file when the visitor starts
// on the form, so the answer schemas and the API client stay out of the login page's first download.
export function login(body: LoginBody): Promise<SignInStepAnswer> {
  return apiRequest(STUDENTS_PATHS.login, { method: 'POST', body, schema: signInStepAnswerSchema });
}
