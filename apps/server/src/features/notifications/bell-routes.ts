import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  notificationIdParamsSchema,
  notificationListAnswerSchema,
  notificationListQuerySchema,
  notificationOpenAnswerSchema,
  notificationOpenBodySchema,
  notificationReadAnswerSchema,
  notificationReadBodySchema,
  NOTIFICATIONS_PATHS,
  notificationUnreadAnswerSchema,
  SERVER_TEXT,
} from '@academy/contract';
import { accountStreamRoute } from '../../events/account-stream-route';
import { currentAccount } from '../../plugins/auth';
import * as service from './bell-service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const refusals = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The bell: the caller's own notifications, their unread count, opening and marking read, and the live stream. */
export const bellRoutes: FastifyPluginAsyncZod<{ deps: service.BellDeps }> = async (app, { deps }) => {
  app.get(`/${NOTIFICATIONS_PATHS.list}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      summary: "The caller's notifications, newest first, 20 a page",
      security,
      querystring: notificationListQuerySchema,
      response: { 200: notificationListAnswerSchema, ...refusals },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.listBell(deps, currentAccount(request), request.query) }),
  });

  app.get(`/${NOTIFICATIONS_PATHS.unread}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: { tags, summary: "The bell's badge: the caller's unread notifications", security, response: { 200: notificationUnreadAnswerSchema, 401: errorAnswerSchema } },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: { count: await service.unreadCount(deps, currentAccount(request).id) } }),
  });

  app.get(
    `/${NOTIFICATIONS_PATHS.stream}`,
    accountStreamRoute({ tags, summary: "Live updates of the caller's bell (Server-Sent Events: created, read, withdrawn, each with the unread count)" }, (reply, account, claims) =>
      deps.live.open(reply, account, claims),
    ),
  );

  app.post(`/${NOTIFICATIONS_PATHS.open}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      summary: "Opens one of the caller's notifications: records the first open, marks it read, answers its link",
      security,
      params: notificationIdParamsSchema,
      body: notificationOpenBodySchema,
      response: { 200: notificationOpenAnswerSchema, 404: errorAnswerSchema, ...refusals },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: await service.openItem(deps, currentAccount(request), request.params.id, request.body.via),
    }),
  });

  app.post(`/${NOTIFICATIONS_PATHS.read}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      summary: "Marks the caller's notifications read: those named, or all",
      security,
      body: notificationReadBodySchema,
      response: { 200: notificationReadAnswerSchema, ...refusals },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.markRead(deps, currentAccount(request), request.body) }),
  });
};
