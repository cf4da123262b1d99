import {
  ADMIN_MFA_PATHS,
  adminMfaStateAnswerSchema,
  enrolmentAnswerSchema,
  loginAnswerSchema,
  noDataAnswerSchema,
  recoveryCodesAnswerSchema,
  type LoginAnswer,
} from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

export function answerCode(challenge: string, code: string): Promise<LoginAnswer> {
  return apiRequest(ADMIN_MFA_PATHS.signIn, { method: 'POST', body: { challenge, code }, schema: loginAnswerSchema });
}

export async function readState() {
  return (await apiRequest(ADMIN_MFA_PATHS.mine, { schema: adminMfaStateAnswerSchema })).data;
}

export async function startEnrolment() {
  return (await apiRequest(ADMIN_MFA_PATHS.enrolment, { method: 'POST', schema: enrolmentAnswerSchema })).data;
}

export async function confirmEnrolment(code: string): Promise<string[]> {
  return (await apiRequest(ADMIN_MFA_PATHS.confirm, { method: 'POST', body: { code }, schema: recoveryCodesAnswerSchema })).data.recoveryCodes;
}

export async function turnOff(password: string, code: string): Promise<void> {
  await apiRequest(ADMIN_MFA_PATHS.mine, { method: 'DELETE', body: { password, code }, schema: noDataAnswerSchema });
}
