// The tutor's actions on a paper's attempts and results (admins only): statistics, one student's
// attempt, extra time, reopening, regrade and the merit list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attemptAnswerSchema,
  errorAnswerSchema,
  extraTimeAnswerSchema,
  extraTimeBodySchema,
  meritListAnswerSchema,
  meritListBodySchema,
  paperParamsSchema,
  PAPERS_PATHS,
  PAPERS_TEXT,
  paperStudentParamsSchema,
  regradeAnswerSchema,
  regradeBodySchema,
  regradePreviewBodySchema,
  reopenAnswerSchema,
  reopenBodySchema,
  statisticsAnswerSchema,
} from '@academy/contract';
import { actorOf } from '../audit-log/service';
import { attemptOf } from './attempt-view-service';
import type { PapersContext } from './context';
import { setExtraTime } from './extra-time-service';
import { publishMeritList } from './merit-list-service';
import { applyRegrade, previewRegrade } from './regrade-service';
import { reopenAttempt } from './reopen-service';
import { refused, security, tags } from './route-schemas';
import { statisticsOf } from './statistics-service';

const refusedOrConflict = { ...refused, 409: errorAnswerSchema };

export const actionsRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  app.get(`/${PAPERS_PATHS.statistics}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The paper's statistics: marks, and per question facility, discrimination and option shares (A–F in the paper's order)",
      description: 'From the handed-in attempts of students who sat (deleted accounts left out); `provisional` until results are ready.',
      params: paperParamsSchema,
      response: { 200: statisticsAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({ code: 200 as const, message: PAPERS_TEXT.statisticsRead, data: await statisticsOf(ctx, request.params.paperId) }),
  });

  app.get(`/${PAPERS_PATHS.attempt}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "One student's attempt: answers in the student's order, devices, and page-away and offline periods",
      params: paperStudentParamsSchema,
      response: { 200: attemptAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.attemptRead,
      data: await attemptOf(ctx, request.params.paperId, request.params.studentId),
    }),
  });

  app.put(`/${PAPERS_PATHS.extraTime}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Set a student's extra time on the paper (0–600 minutes), before or during their attempt",
      description: "A sitting student's deadline moves at once to min(start + limit + extra, close); 409 once they have handed in (reopen instead).",
      params: paperStudentParamsSchema,
      body: extraTimeBodySchema,
      response: { 200: extraTimeAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.extraTimeSaved,
      data: await setExtraTime(ctx, actorOf(request), request.params.paperId, request.params.studentId, request.body.minutes),
    }),
  });

  app.post(`/${PAPERS_PATHS.reopen}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Reopen a handed-in attempt for the minutes given from now (1–600), with its answers and order; before release only',
      description: 'The new deadline may pass the close. The attempt is marked again at its next hand-in, and the ranks computed again.',
      params: paperStudentParamsSchema,
      body: reopenBodySchema,
      response: { 200: reopenAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.attemptReopened,
      data: await reopenAttempt(ctx, actorOf(request), request.params.paperId, request.params.studentId, request.body.minutes),
    }),
  });

  app.post(`/${PAPERS_PATHS.regradePreview}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Preview a regrade (keys, marks, dropped questions): who would move, and the basis the regrade must name; nothing changes",
      params: paperParamsSchema,
      body: regradePreviewBodySchema,
      response: { 200: regradeAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.regradePreviewed,
      data: await previewRegrade(ctx, request.params.paperId, request.body.changes),
    }),
  });

  app.post(`/${PAPERS_PATHS.regrade}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Apply exactly the previewed regrade: answers the preview again, or 409 if answers or keys changed since',
      params: paperParamsSchema,
      body: regradeBodySchema,
      response: { 200: regradeAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.regraded,
      data: await applyRegrade(ctx, actorOf(request), request.params.paperId, request.body),
    }),
  });

  app.post(`/${PAPERS_PATHS.meritList}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Post the merit list (the top N, ties at the cut included) as an announcement to the paper's batch; after release only",
      params: paperParamsSchema,
      body: meritListBodySchema,
      response: { 200: meritListAnswerSchema, ...refusedOrConflict },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.meritListPosted,
      data: await publishMeritList(ctx, actorOf(request), request.params.paperId, request.body.top),
    }),
  });
};
