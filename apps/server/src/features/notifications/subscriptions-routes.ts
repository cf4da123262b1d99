import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  NOTIFICATIONS_PATHS,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionDeleteAnswerSchema,
  pushSubscriptionDeleteBodySchema,
  SERVER_TEXT,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import * as service from './subscriptions-service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const refusals = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The caller's own browsers' Web Push subscriptions. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ deps: service.SubscriptionsDeps }> = async (app, { deps }) => {
  app.post(`/${NOTIFICATIONS_PATHS.subscriptions}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      summary: "Stores this browser's push subscription for the caller (the same endpoint again refreshes it)",
      description: "Only a known push service's public https address is accepted. At most 10 devices an account: the least recently seen goes.",
      security,
      body: pushSubscriptionBodySchema,
      response: { 200: pushSubscriptionAnswerSchema, ...refusals },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await service.subscribe(deps, currentAccount(request), request.body, request.headers['user-agent']),
    }),
  });

  app.delete(`/${NOTIFICATIONS_PATHS.subscriptions}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      summary: "Deletes the caller's subscription of this browser (unknown endpoints too: the answer is the same)",
      security,
      body: pushSubscriptionDeleteBodySchema,
      response: { 200: pushSubscriptionDeleteAnswerSchema, ...refusals },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.unsubscribeDevice(deps, currentAccount(request), request.body.endpoint) }),
  });
};
