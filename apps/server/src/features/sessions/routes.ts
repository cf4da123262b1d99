import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endSessionsAnswerSchema,
  endSessionsBodySchema,
  errorAnswerSchema,
  noDataAnswerSchema,
  SERVER_TEXT,
  SESSIONS_PATHS,
  SESSIONS_TEXT,
  sessionLimitAnswerSchema,
  sessionLimitSchema,
  sessionListAnswerSchema,
  sessionParamsSchema,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { securityLogOf } from '../../lib/security-events';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import * as service from './service';
import type { Caller } from './service';
import { confirmOwnPassword, type PasswordCheck } from '../students/current-password';

const tags = ['sessions'];
const security = [{ bearer: [] }];
const denied = { 401: errorAnswerSchema, 403: errorAnswerSchema };
const whoIs = (caller: Caller) => ({ accountId: caller.id, sessionId: caller.sessionId });

/** The password check before ending sessions: spends the sign-in budget at the hash, logs a refusal. */
function passwordCheck(request: FastifyRequest, caller: Caller, scope: 'one' | 'others'): PasswordCheck {
  return {
    spendBudget: () => request.spendBudget(),
    refused: (reason) => securityLogOf(request)({ security: 'sessions-ended', outcome: 'failure', reason, ...whoIs(caller), scope }),
  };
}

export const sessionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${SESSIONS_PATHS.mine}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: { tags, security, summary: "The caller's open sessions, newest first", response: { 200: sessionListAnswerSchema, ...denied } },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.listMine(db, currentAccount(request)) }),
  });

  app.post(`/${SESSIONS_PATHS.endOthers}`, {
    config: { access: 'signed-in', budget: 'sign-in' },
    schema: {
      tags,
      security,
      summary: "End every session of the caller's but this one (the password asked again)",
      body: endSessionsBodySchema,
      response: { 200: endSessionsAnswerSchema, 400: errorAnswerSchema, ...denied, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const caller = currentAccount(request);
      await confirmOwnPassword(db, caller.id, request.body.password, passwordCheck(request, caller, 'others'));
      const ended = await service.endOthers(db, caller);
      securityLogOf(request)({ security: 'sessions-ended', outcome: 'success', ...whoIs(caller), scope: 'others', ended });
      return { code: 200 as const, message: SESSIONS_TEXT.othersEnded, data: { ended } };
    },
  });

  app.post(`/${SESSIONS_PATHS.signOut}`, {
    config: { access: 'signed-in', budget: 'write', whilePasswordTemporary: true, beforeSecondFactor: true },
    schema: { tags, security, summary: "End this session (Log Out): its token stops working at once", response: { 200: noDataAnswerSchema, ...denied } },
    handler: async (request) => {
      const caller = currentAccount(request);
      await service.endCurrent(db, caller);
      securityLogOf(request)({ security: 'sessions-ended', outcome: 'success', ...whoIs(caller), scope: 'this', ended: 1 });
      return { code: 200 as const, message: SESSIONS_TEXT.ended, data: null };
    },
  });

  app.delete(`/${SESSIONS_PATHS.endMine}`, {
    config: { access: 'owner', budget: 'sign-in' },
    schema: {
      tags,
      security,
      summary: "End one of the caller's own sessions (the password asked again)",
      params: sessionParamsSchema,
      body: endSessionsBodySchema,
      response: { 200: noDataAnswerSchema, 400: errorAnswerSchema, ...denied, 404: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const caller = currentAccount(request);
      const endedSessionId = request.params.sessionId;
      await confirmOwnPassword(db, caller.id, request.body.password, passwordCheck(request, caller, 'one'));
      await service.endMine(db, caller, endedSessionId);
      securityLogOf(request)({ security: 'sessions-ended', outcome: 'success', ...whoIs(caller), scope: 'one', ended: 1, endedSessionId });
      return { code: 200 as const, message: SESSIONS_TEXT.ended, data: null };
    },
  });

  app.get(`/${SESSIONS_PATHS.limit}`, {
    config: { access: 'admin', budget: 'read' },
    schema: { tags, security, summary: 'How many sessions one student may keep open', response: { 200: sessionLimitAnswerSchema, ...denied } },
    handler: async () => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.readLimit(db) }),
  });

  app.put(`/${SESSIONS_PATHS.limit}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Set the per-student session limit; applies from each student's next sign-in",
      body: sessionLimitSchema,
      response: { 200: sessionLimitAnswerSchema, 400: errorAnswerSchema, ...denied },
    },
    handler: async (request) => ({ code: 200 as const, message: SESSIONS_TEXT.limitSaved, data: await service.writeLimit(db, actorOf(request), request.body) }),
  });
};
