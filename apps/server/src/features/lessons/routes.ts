import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorAnswerSchema,
  FORENSICS_TEXT,
  lessonMarksAnswerSchema,
  lessonParamsSchema,
  lessonRenditionParamsSchema,
  lessonRetryAnswerSchema,
  LESSONS_PATHS,
  LESSONS_TEXT,
  lessonSegmentParamsSchema,
  lessonTicketQuerySchema,
} from '@academy/contract';
import { actorOf } from '../audit-log/service';
import { addMarks, retryLesson } from './service';
import * as serve from './serve';
import type { LessonsServeContext, Served } from './serve';

// The player's calls. The ticket in `?t=` is the credential (hls.js and <img> send no bearer
// token); it is checked with the account and the grant on every request, and a refused one gets
// 403 or 404 and not a byte. Nothing here may be cached: a revoked grant must stop the next request.

const tags = ['lessons'];
const refused = { 400: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 503: errorAnswerSchema };

function send(reply: FastifyReply, served: Served) {
  return reply.code(200).header('cache-control', 'no-store').type(served.contentType).send(served.body);
}

export const lessonsRoutes: FastifyPluginAsyncZod<{ ctx: LessonsServeContext }> = async (app, { ctx }) => {
  const ticketed = { access: 'public', budget: 'read' } as const;

  app.get(`/${LESSONS_PATHS.master}`, {
    config: ticketed,
    schema: {
      tags,
      summary: "A ready lesson's master playlist for this ticket: each quality's address carries the ticket",
      params: lessonParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['application/vnd.apple.mpegurl'],
      response: { 200: z.string().describe('HLS master playlist'), ...refused },
    },
    handler: async (request, reply) => send(reply, await serve.master(ctx, request.params.fileId, request.query.t)),
  });

  app.get(`/${LESSONS_PATHS.rendition}`, {
    config: ticketed,
    schema: {
      tags,
      summary: "One quality's playlist for this ticket: segment and key addresses carry the ticket",
      params: lessonRenditionParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['application/vnd.apple.mpegurl'],
      response: { 200: z.string().describe('HLS media playlist'), ...refused },
    },
    handler: async (request, reply) =>
      send(reply, await serve.rendition(ctx, request.params.fileId, request.params.rendition, request.query.t)),
  });

  app.get(`/${LESSONS_PATHS.key}`, {
    config: ticketed,
    schema: {
      tags,
      summary: "The lesson's AES-128 key (16 bytes), never cached; the same checks as every lesson request",
      params: lessonParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['application/octet-stream'],
      response: { 200: z.any().describe('16 bytes'), ...refused },
    },
    handler: async (request, reply) => send(reply, await serve.key(ctx, request.params.fileId, request.query.t, request.ip)),
  });

  app.get(`/${LESSONS_PATHS.poster}`, {
    config: ticketed,
    compress: false,
    schema: {
      tags,
      summary: "The lesson's poster (JPEG), for the drive screen's card and the player",
      params: lessonParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['image/jpeg'],
      response: { 200: z.any().describe('JPEG'), ...refused },
    },
    handler: async (request, reply) => send(reply, await serve.image(ctx, request.params.fileId, 'poster.jpg', request.query.t)),
  });

  app.get(`/${LESSONS_PATHS.thumbnails}`, {
    config: ticketed,
    compress: false,
    schema: {
      tags,
      summary: "The seek bar's thumbnail sprite (JPEG)",
      params: lessonParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['image/jpeg'],
      response: { 200: z.any().describe('JPEG'), ...refused },
    },
    handler: async (request, reply) => send(reply, await serve.image(ctx, request.params.fileId, 'thumbnails.jpg', request.query.t)),
  });

  app.get(`/${LESSONS_PATHS.thumbnailsVtt}`, {
    config: ticketed,
    schema: {
      tags,
      summary: 'WebVTT cues into the thumbnail sprite (#xywh=), addresses carrying the ticket',
      params: lessonParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['text/vtt'],
      response: { 200: z.string().describe('WebVTT'), ...refused },
    },
    handler: async (request, reply) => send(reply, await serve.thumbnails(ctx, request.params.fileId, request.query.t)),
  });

  app.get(`/${LESSONS_PATHS.segment}`, {
    config: ticketed,
    // Segments are already compressed video.
    compress: false,
    schema: {
      tags,
      summary: 'One encrypted MPEG-TS segment (about 6 s) of one quality',
      params: lessonSegmentParamsSchema,
      querystring: lessonTicketQuerySchema,
      produces: ['video/mp2t'],
      response: { 200: z.any().describe('MPEG-TS, AES-128 encrypted'), ...refused },
    },
    handler: async (request, reply) =>
      send(reply, await serve.segment(ctx, request.params.fileId, request.params.rendition, request.params.segment, request.query.t)),
  });

  app.post(`/${LESSONS_PATHS.retry}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security: [{ bearer: [] }],
      summary: "Queue a failed lesson's processing again",
      params: lessonParamsSchema,
      response: { 200: lessonRetryAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: LESSONS_TEXT.retried, data: await retryLesson(ctx.lessons, request.params.fileId) }),
  });

  const marksAnswers = { 200: lessonMarksAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema, 409: errorAnswerSchema };
  app.post(`/${LESSONS_PATHS.addMarks}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security: [{ bearer: [] }],
      summary: "Make a ready lesson's two marked ladders (leak tracing) again; it stays playable meanwhile",
      params: lessonParamsSchema,
      response: marksAnswers,
    },
    handler: async (request) => ({ code: 200 as const, message: FORENSICS_TEXT.marksQueued, data: { queued: await addMarks(ctx.lessons, actorOf(request), request.params.fileId) } }),
  });

  app.post(`/${LESSONS_PATHS.addAllMarks}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security: [{ bearer: [] }],
      summary: 'Make the marked ladders of every ready lesson transcoded before leak marks existed',
      response: marksAnswers,
    },
    handler: async (request) => ({ code: 200 as const, message: FORENSICS_TEXT.marksQueued, data: { queued: await addMarks(ctx.lessons, actorOf(request), 'all') } }),
  });
};
