import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  getByBatchParamsSchema,
  messageAnswerSchema,
  messageBodySchema,
  messageIdParamsSchema,
  messageListAnswerSchema,
  messageListQuerySchema,
  MESSAGES_PATHS,
  MESSAGES_TEXT,
  noDataAnswerSchema,
  SERVER_TEXT,
  unreadAnswerSchema,
  type MessageListAnswer,
  type MessageListQuery,
} from '@academy/contract';
import { accountStreamRoute } from '../../events/account-stream-route';
import { currentAccount } from '../../plugins/auth';
import { SharedAnswer } from '../../plugins/compression';
import { actorOf } from '../audit-log/service';
import * as service from './service';

const tags = ['messages'];
const security = [{ bearer: [] }];
const refusals = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

/** The shared feed pages (feed-pages.ts) as answers, encoded once per page however often served. */
const serialised = new WeakMap<object, SharedAnswer>();

/**
 * A feed answer is built by this feature's own typed code (toMessage names every field), so its
 * JSON is written directly rather than re-checked against the schema on every request: the feed is
 * the most requested call, and a cached page is then sent as the same bytes every time, compressed
 * once per encoding (SharedAnswer) rather than for every student.
 */
function sendSerialisedOnce(request: FastifyRequest, reply: FastifyReply, answer: MessageListAnswer): FastifyReply {
  let shared = serialised.get(answer);
  if (shared === undefined) {
    shared = new SharedAnswer(Buffer.from(JSON.stringify(answer)), 'application/json; charset=utf-8');
    serialised.set(answer, shared);
  }
  return shared.send(request, reply);
}

export interface MessagesRoutesOptions {
  /** Built once in app.ts (create-messages.ts), which also closes its live feed. */
  deps: service.MessagesDeps;
}

export const messagesRoutes: FastifyPluginAsyncZod<MessagesRoutesOptions> = async (app, { deps }) => {
  const { db, live } = deps;
  // get-all (admin) and get-by-batch (anyone) both serve the caller's own feed.
  // Not async: a page at hand (service.feedAtHand) is sent at once, without a promise to wait on.
  const serveFeed = (request: FastifyRequest<{ Querystring: MessageListQuery }>, reply: FastifyReply): Promise<void> | undefined => {
    const account = currentAccount(request);
    const atHand = service.feedAtHand(deps, account, request.query);
    if (atHand) {
      sendSerialisedOnce(request, reply, atHand);
      return undefined;
    }
    return service.serveFeed(deps, account, request.query).then((answer) => {
      sendSerialisedOnce(request, reply, answer);
    });
  };

  app.get(`/${MESSAGES_PATHS.getAll}`, {
    config: { access: 'admin', budget: 'read' },
    // Compressed once per page by sendSerialisedOnce, not for every request by the plugin.
    compress: false,
    schema: {
      tags,
      summary: 'Every message, newest first, a page at a time (admin)',
      security,
      querystring: messageListQuerySchema,
      response: { 200: messageListAnswerSchema, ...refusals },
    },
    handler: serveFeed,
  });

  app.get(`/${MESSAGES_PATHS.getByBatch}`, {
    config: { access: 'signed-in', budget: 'read' },
    compress: false,
    schema: {
      tags,
      summary: "The caller's feed: chosen from their own profile, whatever the path says",
      description: 'Serving a page counts a view of each message shown to a student and clears the bell.',
      security,
      params: getByBatchParamsSchema,
      querystring: messageListQuerySchema,
      response: { 200: messageListAnswerSchema, ...refusals },
    },
    handler: serveFeed,
  });

  app.post(`/${MESSAGES_PATHS.send}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      summary: 'Send a message to a batch, regions and class types (empty = everyone)',
      security,
      body: messageBodySchema,
      response: { 200: messageAnswerSchema, ...refusals },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: MESSAGES_TEXT.sent,
      data: await service.sendMessage(deps, actorOf(request), request.body),
    }),
  });

  app.put(`/${MESSAGES_PATHS.update}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      summary: 'Edit a sent message; open feeds follow',
      security,
      params: messageIdParamsSchema,
      body: messageBodySchema,
      response: { 200: messageAnswerSchema, ...refusals, 404: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: MESSAGES_TEXT.updated,
      data: await service.updateMessage(deps, actorOf(request), request.params.id, request.body),
    }),
  });

  app.delete(`/${MESSAGES_PATHS.remove}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      summary: 'Delete a message; open feeds drop it',
      security,
      params: messageIdParamsSchema,
      response: { 200: noDataAnswerSchema, ...refusals, 404: errorAnswerSchema },
    },
    handler: async (request) => {
      await service.deleteMessage(deps, actorOf(request), request.params.id);
      return { code: 200 as const, message: MESSAGES_TEXT.deleted, data: null };
    },
  });

  app.get(`/${MESSAGES_PATHS.unread}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      summary: "The bell: messages in the caller's feed newer than the last feed they opened",
      security,
      response: { 200: unreadAnswerSchema, 401: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: SERVER_TEXT.ok,
      data: { count: await service.unreadCount(db, currentAccount(request)) },
    }),
  });

  app.get(
    `/${MESSAGES_PATHS.stream}`,
    accountStreamRoute({ tags, summary: "Live updates of the caller's feed (Server-Sent Events: created, updated, deleted)" }, (reply, account, claims) =>
      live.open(reply, account, claims),
    ),
  );
};
