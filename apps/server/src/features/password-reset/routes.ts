import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmOtpAnswerSchema,
  confirmOtpBodySchema,
  errorAnswerSchema,
  otpErrorAnswerSchema,
  PASSWORD_RESET_PATHS,
  PASSWORD_RESET_TEXT,
  resetPasswordAnswerSchema,
  resetPasswordBodySchema,
  sendOtpAnswerSchema,
  sendOtpBodySchema,
} from '@academy/contract';
import { securityLogOf } from '../../lib/security-events';
import * as service from './service';
import type { PasswordResetDeps } from './service';

const tags = ['password-reset'];

const clientOf = (request: FastifyRequest): service.ResetClient => ({
  address: request.ip,
  spendBudget: () => request.spendBudget(),
  security: securityLogOf(request),
});

export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetDeps> = async (app, deps) => {
  app.post(`/${PASSWORD_RESET_PATHS.sendOtp}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: 'Mail a 5-digit code to the address; the same answer whether or not it has an account',
      body: sendOtpBodySchema,
      response: { 200: sendOtpAnswerSchema, 400: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await service.sendOtp(deps, request.body.email, clientOf(request));
      return { code: 200 as const, message: PASSWORD_RESET_TEXT.otpSent, data: null };
    },
  });

  app.post(`/${PASSWORD_RESET_PATHS.confirmOtp}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: 'Trade a right code for a reset token (15 minutes, single use)',
      body: confirmOtpBodySchema,
      response: { 200: confirmOtpAnswerSchema, 400: otpErrorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PASSWORD_RESET_TEXT.otpConfirmed,
      data: { resetToken: await service.confirmOtp(deps, request.body, clientOf(request)) },
    }),
  });

  app.post(`/${PASSWORD_RESET_PATHS.resetPassword}`, {
    config: { access: 'public', budget: 'sign-in' },
    schema: {
      tags,
      summary: 'Set a new password with a reset token; every old session ends',
      body: resetPasswordBodySchema,
      response: { 200: resetPasswordAnswerSchema, 400: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await service.resetPassword(deps, request.body, clientOf(request));
      return { code: 200 as const, message: PASSWORD_RESET_TEXT.passwordReset, data: null };
    },
  });
};
