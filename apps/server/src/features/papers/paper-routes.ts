// A paper itself: create, edit, delete and read it, read questions from a CSV, and upload and
// fetch question pictures. HTTP only; the rules are in paper-read-service.ts and paper-write-service.ts.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaperBodySchema,
  dataAnswer,
  errorAnswerSchema,
  PAPER_BODY_LIMIT,
  PAPER_IMAGE_FIELD,
  PAPER_IMAGE_MAX_BYTES,
  PAPER_IMPORT_FIELD,
  PAPER_IMPORT_MAX_BYTES,
  paperAnswerSchema,
  paperCreatedAnswerSchema,
  paperImageAnswerSchema,
  paperImageParamsSchema,
  paperImportAnswerSchema,
  paperParamsSchema,
  PAPERS_PATHS,
  PAPERS_TEXT,
  SERVER_TEXT,
  updatePaperBodySchema,
} from '@academy/contract';
import { AppError } from '../../lib/errors';
import { fileBytes } from '../../lib/multipart';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import type { PapersContext } from './context';
import { storeQuestionImage } from './images';
import { readQuestionSheet } from './import-csv';
import { openQuestionImage, readPaper } from './paper-read-service';
import { createPaper, deletePaper, editPaper } from './paper-write-service';
import { refused, security, tags } from './route-schemas';

export const paperRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  // Multipart only in this scope, one file a request; each upload's cap is set when it is read.
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });

  app.post(`/${PAPERS_PATHS.papers}`, {
    config: { access: 'admin', budget: 'write' },
    // A 150-question Sinhala paper with explanations is megabytes of JSON.
    bodyLimit: PAPER_BODY_LIMIT,
    schema: {
      tags,
      security,
      summary: 'Set a paper in a class folder: its times, settings and MCQ questions; it is listed there at once',
      body: createPaperBodySchema,
      response: { 200: paperCreatedAnswerSchema, ...refused, 413: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: PAPERS_TEXT.paperCreated, data: await createPaper(ctx, actorOf(request), request.body) }),
  });

  app.put(`/${PAPERS_PATHS.paper}`, {
    config: { access: 'admin', budget: 'write' },
    bodyLimit: PAPER_BODY_LIMIT,
    schema: {
      tags,
      security,
      summary: 'Edit a paper: freely until its first start; then only its wording, later close and the settings papers.md allows',
      params: paperParamsSchema,
      body: updatePaperBodySchema,
      response: { 200: paperAnswerSchema, ...refused, 409: errorAnswerSchema, 413: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.paperSaved,
      data: await editPaper(ctx, actorOf(request), request.params.paperId, request.body),
    }),
  });

  app.delete(`/${PAPERS_PATHS.paper}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Delete a paper nobody has started',
      params: paperParamsSchema,
      response: { 200: dataAnswer(z.null()), ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => {
      await deletePaper(ctx, actorOf(request), request.params.paperId);
      return { code: 200 as const, message: PAPERS_TEXT.paperDeleted, data: null };
    },
  });

  app.get(`/${PAPERS_PATHS.paper}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A paper's state and settings to whoever may open its class; a student's own standing; to an admin also its questions with keys and counts",
      params: paperParamsSchema,
      response: { 200: paperAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: PAPERS_TEXT.paperRead, data: await readPaper(ctx, currentAccount(request).id, request.params.paperId) }),
  });

  app.post(`/${PAPERS_PATHS.import}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Read questions from a CSV (UTF-8; multipart field '${PAPER_IMPORT_FIELD}'): the good rows and each refused row with its reasons; nothing is stored`,
      consumes: ['multipart/form-data'],
      response: { 200: paperImportAnswerSchema, ...refused, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      const bytes = await fileBytes(request, {
        field: PAPER_IMPORT_FIELD,
        maxBytes: PAPER_IMPORT_MAX_BYTES,
        missing: PAPERS_TEXT.importFileRequired,
        tooLarge: () => new AppError(413, SERVER_TEXT.importTooLarge),
      });
      return { code: 200 as const, message: PAPERS_TEXT.questionsRead, data: await readQuestionSheet(bytes) };
    },
  });

  app.post(`/${PAPERS_PATHS.images}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload a question's picture (multipart field '${PAPER_IMAGE_FIELD}'; JPEG, PNG or WebP, 5 MB): stored as WebP, at most 1,200 px`,
      consumes: ['multipart/form-data'],
      response: { 200: paperImageAnswerSchema, ...refused, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      const bytes = await fileBytes(request, {
        field: PAPER_IMAGE_FIELD,
        maxBytes: PAPER_IMAGE_MAX_BYTES,
        missing: SERVER_TEXT.imageRequired,
        tooLarge: () => new AppError(413, SERVER_TEXT.imageTooLarge),
      });
      return { code: 200 as const, message: PAPERS_TEXT.imageUploaded, data: await storeQuestionImage(ctx, currentAccount(request).id, bytes) };
    },
  });

  app.get(`/${PAPERS_PATHS.image}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A question's picture (WebP, never cached): to an admin, a student sitting the paper, or after release one who sat it",
      params: paperImageParamsSchema,
      produces: ['image/webp'],
      response: { 200: z.instanceof(Buffer).describe('WebP bytes'), ...refused },
    },
    handler: async (request, reply) => {
      const bytes = await openQuestionImage(ctx, currentAccount(request).id, request.params.paperId, request.params.imageId);
      return reply.type('image/webp').header('cache-control', 'no-store').send(bytes);
    },
  });
};
