import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, NOTIFICATIONS_PATHS, preferencesAnswerSchema, preferencesUpdateBodySchema, SERVER_TEXT } from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import * as service from './preferences-service';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The caller's own notification preferences. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ deps: service.PreferencesDeps }> = async (app, { deps }) => {
  app.get(`/${NOTIFICATIONS_PATHS.preferences}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      summary: "The caller's notification preferences: language, the channels this server offers, and each kind's switches",
      security,
      response: { 200: preferencesAnswerSchema, 401: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.getPreferences(deps, currentAccount(request)) }),
  });

  app.put(`/${NOTIFICATIONS_PATHS.preferences}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      summary: "Changes the caller's notification language and the switches named (a kind's channel left out keeps its setting)",
      security,
      body: preferencesUpdateBodySchema,
      response: { 200: preferencesAnswerSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.updatePreferences(deps, currentAccount(request), request.body) }),
  });
};
