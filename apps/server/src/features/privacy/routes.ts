import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  erasureBodySchema,
  erasureStateAnswerSchema,
  errorAnswerSchema,
  PRIVACY_PATHS,
  PRIVACY_TEXT,
  privacyExportSchema,
  SERVER_TEXT,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { confirmOwnPassword } from '../students/current-password';
import type { PrivacyContext } from './create-privacy';
import * as service from './service';

const tags = ['privacy'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };

export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: PrivacyContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const graceDays = ctx.rules.erasureGraceDays;

  app.get(`/${PRIVACY_PATHS.export}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's own data as a JSON file: profile, classes, watch history, papers, fees, preferences, sessions",
      response: { 200: privacyExportSchema, ...denied, 404: errorAnswerSchema },
    },
    handler: async (request, reply) => {
      const data = await service.exportMine(db, currentAccount(request), ctx.clock());
      const day = data.exportedAt.slice(0, 10);
      return reply.header('Content-Disposition', `attachment; filename="my-data-${day}.json"`).header('Cache-Control', 'no-store').send(data);
    },
  });

  app.get(`/${PRIVACY_PATHS.erasure}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: { tags, security, summary: "The caller's pending erasure request, if any", response: { 200: erasureStateAnswerSchema, ...denied } },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.erasureState(db, currentAccount(request), graceDays) }),
  });

  app.post(`/${PRIVACY_PATHS.erasure}`, {
    config: { access: 'signed-in', budget: 'sign-in' },
    schema: {
      tags,
      security,
      summary: 'Ask for the account to be erased after the grace period (the password asked again)',
      body: erasureBodySchema,
      response: { 200: erasureStateAnswerSchema, 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 409: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const caller = currentAccount(request);
      if (caller.isAdmin) throw service.adminRefusal();
      await confirmOwnPassword(db, caller.id, request.body.password, {
        spendBudget: () => request.spendBudget(),
        refused: (reason) => request.log.info({ accountId: caller.id, reason }, 'privacy: erasure request refused'),
      });
      const data = await service.requestErasure(db, caller, graceDays, ctx.clock());
      request.log.info({ accountId: caller.id, eraseAfter: data.eraseAfter }, 'privacy: erasure requested');
      return { code: 200 as const, message: PRIVACY_TEXT.erasureRequested, data };
    },
  });

  app.delete(`/${PRIVACY_PATHS.erasure}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: { tags, security, summary: "Cancel the caller's pending erasure request", response: { 200: erasureStateAnswerSchema, ...denied, 404: errorAnswerSchema } },
    handler: async (request) => {
      const caller = currentAccount(request);
      const data = await service.cancelErasure(db, caller, graceDays);
      request.log.info({ accountId: caller.id }, 'privacy: erasure cancelled');
      return { code: 200 as const, message: PRIVACY_TEXT.erasureCancelled, data };
    },
  });
};
