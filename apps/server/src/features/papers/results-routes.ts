// Releasing results, a student's released result, and the tutor's results table.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  paperParamsSchema,
  paperRefusalSchema,
  PAPERS_PATHS,
  PAPERS_TEXT,
  releaseAnswerSchema,
  resultAnswerSchema,
  resultsAnswerSchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import type { PapersContext } from './context';
import { paperResults, releaseResults, studentResult } from './results-service';
import { refused, security, tags } from './route-schemas';

export const resultsRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  app.post(`/${PAPERS_PATHS.release}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Release the results: students who sat then see their marks, ranks and the review the paper allows',
      description:
        'Only once results are ready (the paper has closed, every attempt is handed in and ranked): 409 with `closesAt` before. ' +
        'Releasing again answers the first release and changes nothing.',
      params: paperParamsSchema,
      response: { 200: releaseAnswerSchema, ...refused, 409: paperRefusalSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.resultsReleased,
      data: await releaseResults(ctx, actorOf(request), request.params.paperId),
    }),
  });

  app.get(`/${PAPERS_PATHS.result}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's released result: marks, island, district and batch ranks, and the review at the paper's level",
      description:
        'Students only. Before release: 409 with `releaseAt` when one is set. A student who did not sit: 404. The review lists the ' +
        "questions in the student's own order, options as they saw them; null when the paper reviews marks only.",
      params: paperParamsSchema,
      response: { 200: resultAnswerSchema, ...refused, 409: paperRefusalSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.resultRead,
      data: await studentResult(ctx, currentAccount(request), request.params.paperId),
    }),
  });

  app.get(`/${PAPERS_PATHS.results}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The tutor's results: every attempt with marks, ranks, time and integrity counts, and the students who never started",
      params: paperParamsSchema,
      response: { 200: resultsAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: PAPERS_TEXT.resultsRead, data: await paperResults(ctx, request.params.paperId) }),
  });
};
