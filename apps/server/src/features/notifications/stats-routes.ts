import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  notificationStatsAnswerSchema,
  notificationStatsQuerySchema,
  NOTIFICATIONS_PATHS,
  sentNotificationsAnswerSchema,
  sentNotificationsQuerySchema,
  SERVER_TEXT,
  smsUsageAnswerSchema,
} from '@academy/contract';
import * as service from './stats-service';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const refusals = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The admin's view of notifications: what went out, how it went, and the SMS budget. */
export const statsRoutes: FastifyPluginAsyncZod<{ deps: service.StatsDeps }> = async (app, { deps }) => {
  app.get(`/${NOTIFICATIONS_PATHS.sent}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      summary: 'Every notification sent out, newest first, 20 a page, with its recipients, each channel\'s outcomes and its opens',
      security,
      querystring: sentNotificationsQuerySchema,
      response: { 200: sentNotificationsAnswerSchema, ...refusals },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.listSent(deps, request.query) }),
  });

  app.get(`/${NOTIFICATIONS_PATHS.stats}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      summary: "The counts of one kind's notifications about the subjects named (at most 50), as the sent announcements show them",
      description: 'Counts are worked out from the recipients when asked and kept 10 s on each instance.',
      security,
      querystring: notificationStatsQuerySchema,
      response: { 200: notificationStatsAnswerSchema, ...refusals },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.subjectStats(deps, request.query) }),
  });

  app.get(`/${NOTIFICATIONS_PATHS.smsUsage}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      summary: "The academy's SMS provider, the kinds it sends by SMS, and this month's parts against the cap",
      security,
      response: { 200: smsUsageAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
    },
    handler: async () => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.smsUsage(deps) }),
  });
};
