import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLASS_MATERIAL_PATHS,
  errorAnswerSchema,
  fileParamsSchema,
  fileTicketAnswerSchema,
  SERVER_TEXT,
  secureFileQuerySchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { issueTicket, secureFile } from './file-service';
import { denied, security, tags } from './route-common';
import type { ClassMaterialContext } from './tree';

/** The viewer's two calls: a ticket (with the bearer token), then the bytes (with the ticket). */
export const fileRoutes: FastifyPluginAsyncZod<{ ctx: ClassMaterialContext }> = async (app, { ctx }) => {
  app.get(`/${CLASS_MATERIAL_PATHS.fileTicket}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A short-lived secure-file address for one video or PDF of the caller's classes",
      params: fileParamsSchema,
      response: { 200: fileTicketAnswerSchema, ...denied, 404: errorAnswerSchema, 503: errorAnswerSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { code: 200 as const, message: SERVER_TEXT.ok, data: await issueTicket(ctx, currentAccount(request), request.params.fileId) };
    },
  });

  app.get(`/${CLASS_MATERIAL_PATHS.secureFile}`, {
    // The ticket is the credential: a new tab's <video> sends no Authorization header.
    config: { access: 'public', budget: 'read' },
    // Range offsets count the stored bytes; a compressed answer would break them.
    compress: false,
    schema: {
      tags,
      summary: 'The bytes of a file, with HTTP Range (206), inline, never cached; the ticket and the grant are checked on every request',
      querystring: secureFileQuerySchema,
      produces: ['video/mp4', 'application/pdf'],
      response: {
        200: z.any().describe('the file'),
        206: z.any().describe('the requested byte range'),
        400: errorAnswerSchema,
        403: errorAnswerSchema,
        404: errorAnswerSchema,
        416: errorAnswerSchema,
      },
    },
    handler: async (request, reply) => {
      const answer = await secureFile(ctx, request.query, request.headers.range);
      reply.code(answer.status).headers(answer.headers);
      if (answer.body) return reply.send(answer.body);
      return reply.send({ code: 416, message: 'The requested range is outside the file', data: null });
    },
  });
};
