import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, FORENSICS_PATHS, FORENSICS_TEXT, SERVER_TEXT, TRACE_FILE_FIELD, traceAnswerSchema, traceCreatedAnswerSchema, traceParamsSchema } from '@academy/contract';
import { actorOf } from '../audit-log/service';
import type { ForensicsContext } from './context';
import { startTrace, traceOf } from './service';

// The tracer's two calls, admins only: send a copy, then ask how reading it goes.

const tags = ['forensics'];
const security = [{ bearer: [] }];
const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };

export const forensicsRoutes: FastifyPluginAsyncZod<{ ctx: ForensicsContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });

  app.post(`/${FORENSICS_PATHS.traces}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Trace a leaked copy of a lesson (multipart field '${TRACE_FILE_FIELD}'): answers the trace's id; reading runs as a low-priority job`,
      consumes: ['multipart/form-data'],
      response: { 200: traceCreatedAnswerSchema, ...refused, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FORENSICS_TEXT.traceQueued, data: await startTrace(ctx, actorOf(request), request) }),
  });

  app.get(`/${FORENSICS_PATHS.trace}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'A trace: its state and progress, then the student it names, or why it names no one',
      params: traceParamsSchema,
      response: { 200: traceAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await traceOf(ctx, request.params.id) }),
  });
};
