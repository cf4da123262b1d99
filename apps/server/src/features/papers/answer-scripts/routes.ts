// The written part's calls (answer-scripts.md 'The calls'). HTTP only; the rules are in the
// services. A student's page uploads and hand-in spend the `sitting` budget per address (a school
// hall of phones shares one) and a per-account count after the access check, as the sitting does.
import multipart from '@fastify/multipart';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANNOTATIONS_BODY_LIMIT,
  annotationsAnswerSchema,
  annotationsBodySchema,
  ANSWER_SCRIPTS_PATHS,
  ANSWER_SCRIPTS_TEXT,
  assignAnswerSchema,
  assignBodySchema,
  dataAnswer,
  errorAnswerSchema,
  markingScriptAnswerSchema,
  marksAnswerSchema,
  marksBodySchema,
  myScriptAnswerSchema,
  PAGE_FIELD,
  pageParamsSchema,
  pageUploadAnswerSchema,
  SHEET_FIELD,
  scriptHandInAnswerSchema,
  scriptHandInBodySchema,
  scriptPageParamsSchema,
  scriptParamsSchema,
  scriptRefusalSchema,
  scriptsAnswerSchema,
  scriptsQuerySchema,
  sheetAnswerSchema,
  writtenAnswerSchema,
  writtenBodySchema,
  WRITTEN_LIMITS,
  writtenParamsSchema,
  writtenStatisticsAnswerSchema,
} from '@academy/contract';
import { AppError } from '../../../lib/errors';
import { fileBytes, filePart } from '../../../lib/multipart';
import { currentAccount } from '../../../plugins/auth';
import { actorOf } from '../../audit-log/service';
import type { PapersContext } from '../context';
import { refused, security, tags } from '../route-schemas';
import { markedScriptPdf } from './marked-pdf';
import { assignScripts, readMarkingScript, saveAnnotations, saveMarks, scriptQueue, writtenStatistics } from './marking-service';
import { findScript } from './script-repo';
import { handInScript, readMyScript, readPage, releasedScriptOf, removeStagedPage, uploadPage } from './script-service';
import { writtenOrNotFound } from './written-access';
import { openSheet, readWritten, removeWritten, saveWritten, uploadSheet } from './written-service';

const scriptRefused = { ...refused, 409: scriptRefusalSchema, 429: errorAnswerSchema };
const pdfAnswer = z.instanceof(Buffer).describe('PDF bytes');

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string): FastifyReply {
  return reply.type('application/pdf').header('cache-control', 'no-store').header('content-disposition', `inline; filename="${filename}"`).send(bytes);
}

export const answerScriptsRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  // One file a request; each upload's cap is set when it is read.
  await app.register(multipart, { limits: { files: 1, fields: 0, parts: 1 } });

  /** One student's page uploads or hand-ins a minute (PAPER_SAVES_PER_MINUTE), over the shared counts. */
  const perAccount =
    (call: string): preHandlerAsyncHookHandler =>
    async (request) => {
      const use = await app.countBudget(`account:${currentAccount(request).id}:${call}`, ctx.savesPerMinute);
      if (!use.within) throw use.refusal;
    };

  // ---- The written part ----

  app.get(`/${ANSWER_SCRIPTS_PATHS.written}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A paper's written part: its questions and maximum marks, the upload grace and whether it has a question sheet; null without one",
      params: writtenParamsSchema,
      response: { 200: writtenAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.writtenRead,
      data: await readWritten(ctx, currentAccount(request).id, request.params.paperId),
    }),
  });

  app.put(`/${ANSWER_SCRIPTS_PATHS.written}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Set or change the written part: questions with maximum marks (frozen once a script is handed in), and the upload grace',
      params: writtenParamsSchema,
      body: writtenBodySchema,
      response: { 200: writtenAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.writtenSaved,
      data: await saveWritten(ctx, actorOf(request), request.params.paperId, request.body),
    }),
  });

  app.delete(`/${ANSWER_SCRIPTS_PATHS.written}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Remove the written part while no page has been uploaded for it',
      params: writtenParamsSchema,
      response: { 200: dataAnswer(z.null()), ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => {
      await removeWritten(ctx, actorOf(request), request.params.paperId);
      return { code: 200 as const, message: ANSWER_SCRIPTS_TEXT.writtenRemoved, data: null };
    },
  });

  app.post(`/${ANSWER_SCRIPTS_PATHS.sheet}`, {
    config: { access: 'admin', budget: 'upload' },
    schema: {
      tags,
      security,
      summary: `Upload the question sheet (multipart field '${SHEET_FIELD}'; a PDF by its bytes, 20 MB, 60 pages); until the paper opens`,
      consumes: ['multipart/form-data'],
      params: writtenParamsSchema,
      response: { 200: sheetAnswerSchema, ...refused, 409: errorAnswerSchema, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      await writtenOrNotFound(ctx.db, request.params.paperId);
      const bytes = await fileBytes(request, {
        field: SHEET_FIELD,
        maxBytes: WRITTEN_LIMITS.sheetMaxBytes,
        missing: ANSWER_SCRIPTS_TEXT.sheetRequired,
        tooLarge: () => new AppError(413, ANSWER_SCRIPTS_TEXT.sheetTooLarge),
      });
      return { code: 200 as const, message: ANSWER_SCRIPTS_TEXT.sheetUploaded, data: await uploadSheet(ctx, actorOf(request), request.params.paperId, bytes) };
    },
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.sheet}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The question sheet (PDF, never cached): clean to an admin; to a student stamped with their name and regNo on every page, from their start to their upload deadline and after release",
      params: writtenParamsSchema,
      produces: ['application/pdf'],
      response: { 200: pdfAnswer, ...refused },
    },
    handler: async (request, reply) => sendPdf(reply, await openSheet(ctx, currentAccount(request).id, request.params.paperId), 'question-sheet.pdf'),
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.writtenStatistics}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'Per written question: how many scripts have its mark, the mean, highest and lowest',
      params: writtenParamsSchema,
      response: { 200: writtenStatisticsAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.writtenStatisticsRead,
      data: await writtenStatistics(ctx, request.params.paperId),
    }),
  });

  // ---- The student's script ----

  app.get(`/${ANSWER_SCRIPTS_PATHS.script}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's written answers: staged pages and the upload deadline, or the handed-in pages and when; marks, comment and annotations after release",
      params: writtenParamsSchema,
      response: { 200: myScriptAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: ANSWER_SCRIPTS_TEXT.scriptRead, data: await readMyScript(ctx, currentAccount(request).id, request.params.paperId) }),
  });

  app.post(`/${ANSWER_SCRIPTS_PATHS.pages}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('script-page'),
    schema: {
      tags,
      security,
      summary: `Upload one page (multipart field '${PAGE_FIELD}'; JPEG, PNG or WebP by its bytes, 25 MB): staged until the hand-in, stored upright, at most 2,000 px, without metadata`,
      consumes: ['multipart/form-data'],
      params: writtenParamsSchema,
      response: { 200: pageUploadAnswerSchema, ...scriptRefused, 413: errorAnswerSchema, 415: errorAnswerSchema },
    },
    handler: async (request) => {
      const part = await filePart(request, {
        field: PAGE_FIELD,
        maxBytes: WRITTEN_LIMITS.pageMaxBytes,
        missing: ANSWER_SCRIPTS_TEXT.pageRequired,
        tooLarge: () => new AppError(413, ANSWER_SCRIPTS_TEXT.pageTooLarge),
      });
      const page = await uploadPage(ctx, currentAccount(request).id, request.params.paperId, part.file);
      return { code: 200 as const, message: ANSWER_SCRIPTS_TEXT.pageUploaded, data: { page } };
    },
  });

  app.delete(`/${ANSWER_SCRIPTS_PATHS.stagedPage}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    schema: {
      tags,
      security,
      summary: 'Remove a staged page; a handed-in page stays (409)',
      params: pageParamsSchema,
      response: { 200: dataAnswer(z.null()), ...scriptRefused },
    },
    handler: async (request) => {
      await removeStagedPage(ctx, currentAccount(request).id, request.params.paperId, request.params.pageId);
      return { code: 200 as const, message: ANSWER_SCRIPTS_TEXT.pageRemoved, data: null };
    },
  });

  app.post(`/${ANSWER_SCRIPTS_PATHS.handIn}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('script-hand-in'),
    schema: {
      tags,
      security,
      summary: 'Hand in the written answers: the staged pages named, in order and turned as chosen, all or none; after the upload deadline 409',
      description: 'The same hand-in again answers the first; a different one is 409. Staged pages not named are removed.',
      params: writtenParamsSchema,
      body: scriptHandInBodySchema,
      response: { 200: scriptHandInAnswerSchema, ...scriptRefused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.scriptHandedIn,
      data: await handInScript(ctx, currentAccount(request).id, request.params.paperId, request.body),
    }),
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.markedPdf}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's marked script as one PDF, the marks drawn on its pages; after release only",
      params: writtenParamsSchema,
      produces: ['application/pdf'],
      response: { 200: pdfAnswer, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request, reply) => {
      const { paper, written, script } = await releasedScriptOf(ctx, currentAccount(request).id, request.params.paperId);
      return sendPdf(reply, await markedScriptPdf(ctx.db, ctx.writtenDirs.pages, written, script, paper.title), 'marked-script.pdf');
    },
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.page}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A page (WebP, never cached): to the student whose page it is, and to admins; anyone else 404",
      params: pageParamsSchema,
      produces: ['image/webp'],
      response: { 200: z.instanceof(Buffer).describe('WebP bytes'), ...refused },
    },
    handler: async (request, reply) => {
      const bytes = await readPage(ctx, currentAccount(request).id, request.params.paperId, request.params.pageId);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(bytes);
    },
  });

  // ---- Marking (admin) ----

  app.get(`/${ANSWER_SCRIPTS_PATHS.scripts}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'The marking queue: counts by state, scripts filtered by state and marker (`none`: not assigned), and the admins who may mark',
      params: writtenParamsSchema,
      querystring: scriptsQuerySchema,
      response: { 200: scriptsAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: ANSWER_SCRIPTS_TEXT.scriptsRead, data: await scriptQueue(ctx, request.params.paperId, request.query) }),
  });

  app.post(`/${ANSWER_SCRIPTS_PATHS.assign}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Assign answer scripts to a marker (an admin), or clear their marker with null',
      params: writtenParamsSchema,
      body: assignBodySchema,
      response: { 200: assignAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.scriptsAssigned,
      data: await assignScripts(ctx, actorOf(request), request.params.paperId, request.body),
    }),
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.markingScript}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'An answer script for marking: its student, pages with annotations, questions with marks, comment and state',
      params: scriptParamsSchema,
      response: { 200: markingScriptAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.scriptRead,
      data: await readMarkingScript(ctx, request.params.paperId, request.params.scriptId),
    }),
  });

  app.put(`/${ANSWER_SCRIPTS_PATHS.annotations}`, {
    config: { access: 'admin', budget: 'write' },
    bodyLimit: ANNOTATIONS_BODY_LIMIT,
    schema: {
      tags,
      security,
      summary: "Save a page's annotations (pen, tick, cross, text in the page's pixels; at most 500 shapes and 64 KB), replacing its earlier ones",
      params: scriptPageParamsSchema,
      body: annotationsBodySchema,
      response: { 200: annotationsAnswerSchema, ...refused, 413: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.annotationsSaved,
      data: await saveAnnotations(ctx, actorOf(request), request.params.paperId, request.params.scriptId, request.params.pageId, request.body),
    }),
  });

  app.put(`/${ANSWER_SCRIPTS_PATHS.marks}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Save a script's marks per question (0 to the question's maximum) and comment; done needs every question marked",
      description: 'Kept as the marker goes. After release the totals and ranks follow at once.',
      params: scriptParamsSchema,
      body: marksBodySchema,
      response: { 200: marksAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: ANSWER_SCRIPTS_TEXT.marksSaved,
      data: await saveMarks(ctx, actorOf(request), request.params.paperId, request.params.scriptId, request.body),
    }),
  });

  app.get(`/${ANSWER_SCRIPTS_PATHS.markingPdf}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'An answer script as one PDF with its marks drawn on the pages',
      params: scriptParamsSchema,
      produces: ['application/pdf'],
      response: { 200: pdfAnswer, ...refused },
    },
    handler: async (request, reply) => {
      const { paperId, scriptId } = request.params;
      const written = await writtenOrNotFound(ctx.db, paperId);
      const script = await findScript(ctx.db, paperId, scriptId);
      if (!script) throw new AppError(404, ANSWER_SCRIPTS_TEXT.scriptNotFound);
      const title = (await ctx.db.selectFrom('papers').select('title').where('id', '=', paperId).executeTakeFirst())?.title ?? '';
      return sendPdf(reply, await markedScriptPdf(ctx.db, ctx.writtenDirs.pages, written, script, title), 'marked-script.pdf');
    },
  });
};
