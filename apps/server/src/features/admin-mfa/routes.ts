import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_MFA_PATHS,
  ADMIN_MFA_TEXT,
  adminMfaStateAnswerSchema,
  confirmEnrolmentBodySchema,
  enrolmentAnswerSchema,
  errorAnswerSchema,
  idParamsSchema,
  loginAnswerSchema,
  noDataAnswerSchema,
  recoveryCodesAnswerSchema,
  resetBodySchema,
  secondFactorSignInBodySchema,
  SERVER_TEXT,
  turnOffBodySchema,
} from '@academy/contract';
import { securityLogOf } from '../../lib/security-events';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import { loginAnswerOf } from '../students/service';
import { confirmAdminPassword } from '../students/step-up';
import * as service from './service';
import type { AdminMfa } from './service';

const tags = ['admin-mfa'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };

export const adminMfaRoutes: FastifyPluginAsyncZod<{ mfa: AdminMfa }> = async (app, { mfa }) => {
  app.post(`/${ADMIN_MFA_PATHS.signIn}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: "An admin's second sign-in step: the password step's challenge and a code open the session",
      body: secondFactorSignInBodySchema,
      response: { 200: loginAnswerSchema, 400: errorAnswerSchema, 401: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await request.spendBudget();
      const { account, token } = await service.codeStep(mfa, request.body, {
        ip: request.ip,
        security: securityLogOf(request),
        openSession: (signedIn) => app.openSession(signedIn, request),
      });
      return loginAnswerOf(account, token);
    },
  });

  app.get(`/${ADMIN_MFA_PATHS.mine}`, {
    config: { access: 'admin', budget: 'read', beforeSecondFactor: true },
    schema: { tags, security, summary: "The calling admin's second factor: on or not, recovery codes left", response: { 200: adminMfaStateAnswerSchema, ...denied } },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.state(mfa, currentAccount(request)) }),
  });

  app.post(`/${ADMIN_MFA_PATHS.enrolment}`, {
    config: { access: 'admin', budget: 'write', beforeSecondFactor: true },
    schema: {
      tags,
      security,
      summary: 'Start enrolment: a new TOTP secret, answered this once as a QR code and as text',
      response: { 200: enrolmentAnswerSchema, ...denied, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.startEnrolment(mfa, currentAccount(request)) }),
  });

  app.post(`/${ADMIN_MFA_PATHS.confirm}`, {
    config: { access: 'admin', budget: 'sign-in', beforeSecondFactor: true },
    schema: {
      tags,
      security,
      summary: 'Complete enrolment with a code from the app; answers the recovery codes, shown this once',
      body: confirmEnrolmentBodySchema,
      response: { 200: recoveryCodesAnswerSchema, 400: errorAnswerSchema, ...denied, 409: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await request.spendBudget();
      const recoveryCodes = await service.confirmEnrolment(mfa, currentAccount(request), request.body.code, actorOf(request), securityLogOf(request));
      return { code: 200 as const, message: ADMIN_MFA_TEXT.enrolled, data: { recoveryCodes } };
    },
  });

  app.delete(`/${ADMIN_MFA_PATHS.mine}`, {
    config: { access: 'admin', budget: 'sign-in' },
    schema: {
      tags,
      security,
      summary: "Turn the caller's own second factor off (password and a current code): admin pages close until they enrol again",
      body: turnOffBodySchema,
      response: { 200: noDataAnswerSchema, 400: errorAnswerSchema, ...denied, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await request.spendBudget();
      await confirmAdminPassword(mfa.db, request, request.body.password, 'second-factor-off');
      await service.turnOff(mfa, currentAccount(request), request.body.code, actorOf(request), securityLogOf(request));
      return { code: 200 as const, message: ADMIN_MFA_TEXT.turnedOff, data: null };
    },
  });

  app.delete(`/${ADMIN_MFA_PATHS.reset}`, {
    config: { access: 'admin', budget: 'sign-in' },
    schema: {
      tags,
      security,
      summary: "Remove another admin's lost second factor (the caller's own password asked again); their sessions end",
      params: idParamsSchema,
      body: resetBodySchema,
      response: { 200: noDataAnswerSchema, 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await request.spendBudget();
      await confirmAdminPassword(mfa.db, request, request.body.password, 'second-factor-reset');
      await service.resetFor(mfa, actorOf(request), request.params.id);
      return { code: 200 as const, message: ADMIN_MFA_TEXT.resetDone, data: null };
    },
  });
};
