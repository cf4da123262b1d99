// A student's start, answers and hand-in. Their budget is `sitting` per address (a school hall of
// phones shares one), and each student's client is bounded per account after the access check.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answersAnswerSchema,
  answersBodySchema,
  errorAnswerSchema,
  handInAnswerSchema,
  handInBodySchema,
  paperParamsSchema,
  paperRefusalSchema,
  PAPERS_PATHS,
  PAPERS_TEXT,
  questionsAnswerSchema,
  startAnswerSchema,
  startBodySchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import type { PapersContext } from './context';
import { refused, security, tags } from './route-schemas';
import { handInSitting, saveAnswers, sittingQuestions, startSitting } from './sitting-service';

/** A sitting refusal carries the instants it speaks of (paperRefusalSchema); a student past their own budget gets 429. */
const sittingRefused = { ...refused, 409: paperRefusalSchema, 429: errorAnswerSchema };

export const sittingRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  /** One student's requests to one of these calls a minute (PAPER_SAVES_PER_MINUTE), over the shared counts. */
  const perAccount =
    (call: string): preHandlerAsyncHookHandler =>
    async (request) => {
      const use = await app.countBudget(`account:${currentAccount(request).id}:${call}`, ctx.savesPerMinute);
      if (!use.within) throw use.refusal;
    };

  app.post(`/${PAPERS_PATHS.start}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('start'),
    schema: {
      tags,
      security,
      summary: "Start the paper, or resume it on any device: the student's order, deadline, saved answers and the watermark",
      description:
        'Students only. The first start records the server time and draws the order; every later call, from this or another browser ' +
        '(its random deviceKey), answers the same attempt, order and deadline and never restarts the clock. The questions themselves ' +
        'come from GET papers/{id}/questions, in the order `order` gives. No key, explanation or marks.',
      params: paperParamsSchema,
      body: startBodySchema,
      response: { 200: startAnswerSchema, ...sittingRefused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.started,
      data: await startSitting(ctx, currentAccount(request), request.params.paperId, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    }),
  });

  app.get(`/${PAPERS_PATHS.questions}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('questions'),
    // Compressed once per paper version by the shared answer, not for every request by the plugin.
    compress: false,
    schema: {
      tags,
      security,
      summary: "The paper's questions and options in its own order, to a student who has started it: no key, explanation or marks earned",
      description:
        'The same answer for every student of the paper (the start says each one\'s order). 409 before the student has started; ' +
        '404, as for an unknown id, to a student who may not open the class.',
      params: paperParamsSchema,
      response: { 200: questionsAnswerSchema, ...sittingRefused },
    },
    handler: async (request, reply) => (await sittingQuestions(ctx, currentAccount(request), request.params.paperId)).send(request, reply),
  });

  app.post(`/${PAPERS_PATHS.answers}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('answers'),
    schema: {
      tags,
      security,
      summary: "Save answers (and page-away or offline periods): the highest seq of a question wins, so a save may arrive twice or late",
      description:
        'Answered after the commit. `applied` and `ignored` both mean the save can be forgotten; `current` is what the server holds for ' +
        'the ignored ones. After deadline + grace a request the server already holds whole is acknowledged; anything new is 409 with `current`.',
      params: paperParamsSchema,
      body: answersBodySchema,
      response: { 200: answersAnswerSchema, ...sittingRefused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.answersSaved,
      data: await saveAnswers(ctx, currentAccount(request), request.params.paperId, request.body),
    }),
  });

  app.post(`/${PAPERS_PATHS.handIn}`, {
    config: { access: 'signed-in', budget: 'sitting' },
    preHandler: perAccount('hand-in'),
    schema: {
      tags,
      security,
      summary: 'Hand in, with the saves still waiting: marked at once, no marks answered',
      description:
        'Idempotent: a second hand-in answers the first one\'s time and who handed in, as long as every save it carries is already held; ' +
        'one bringing a new save to a handed-in attempt is 409.',
      params: paperParamsSchema,
      body: handInBodySchema,
      response: { 200: handInAnswerSchema, ...sittingRefused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: PAPERS_TEXT.handedIn,
      data: await handInSitting(ctx, currentAccount(request), request.params.paperId, request.body),
    }),
  });
};
