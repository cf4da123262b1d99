import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalAnswerSchema,
  approvalParamsSchema,
  APPROVALS_PATHS,
  APPROVALS_TEXT,
  approvalsAnswerSchema,
  approveBodySchema,
  errorAnswerSchema,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { actorOf } from '../audit-log/service';
import { confirmAdminPassword } from '../students/step-up';

// The admins' calls on pending deletions (service.ts says the rules). Approving carries the
// deletion out, so it asks the approver's password again, as the deletion itself does.

const tags = ['approvals'];
const security = [{ bearer: [] }];
const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };

export const approvalsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${APPROVALS_PATHS.list}`, {
    config: { access: 'admin', budget: 'read' },
    schema: { tags, security, summary: 'Deletions waiting for a second admin, oldest first', response: { 200: approvalsAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema } },
    handler: async () => ({ code: 200 as const, message: APPROVALS_TEXT.listed, data: await app.approvals.listOpen() }),
  });

  app.post(`/${APPROVALS_PATHS.approve}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Approve another admin's deletion, which is then carried out; the approver's password asked again",
      params: approvalParamsSchema,
      body: approveBodySchema,
      response: { 200: approvalAnswerSchema, ...refused, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      await confirmAdminPassword(db, request, request.body.password, 'delete');
      return { code: 200 as const, message: APPROVALS_TEXT.approved, data: await app.approvals.approve(actorOf(request), request.params.approvalId) };
    },
  });

  app.post(`/${APPROVALS_PATHS.decline}`, {
    config: { access: 'admin', budget: 'write' },
    schema: { tags, security, summary: 'Decline a deletion (or, as its requester, withdraw it)', params: approvalParamsSchema, response: { 200: approvalAnswerSchema, ...refused } },
    handler: async (request) => {
      const decided = await app.approvals.decline(actorOf(request), request.params.approvalId);
      return { code: 200 as const, message: decided.state === 'cancelled' ? APPROVALS_TEXT.cancelled : APPROVALS_TEXT.declined, data: decided };
    },
  });
};
