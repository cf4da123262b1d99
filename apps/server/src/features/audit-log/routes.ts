import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_LOG_PATHS,
  auditAdminsAnswerSchema,
  auditLogAnswerSchema,
  auditLogQuerySchema,
  errorAnswerSchema,
  SERVER_TEXT,
} from '@academy/contract';
import type { Db } from '../../db/database';
import * as service from './service';

const tags = ['audit log'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };

/** Reading the audit log: the admins' only. Entries are written by the features that act. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${AUDIT_LOG_PATHS.entries}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'A page of the audit log, newest first: filter by action, admin, target id, words of the target, Sri Lanka days',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogAnswerSchema, 400: errorAnswerSchema, ...denied },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, ...(await service.listEntries(db, request.query)) }),
  });

  app.get(`/${AUDIT_LOG_PATHS.admins}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The admin accounts, for the audit log's admin filter",
      response: { 200: auditAdminsAnswerSchema, ...denied },
    },
    handler: async () => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.listAdmins(db) }),
  });
};
