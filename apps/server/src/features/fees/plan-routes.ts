// Fee plans, month folders, free cards and exceptions (admin). HTTP only; the rules are in
// plan-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classFeesAnswerSchema,
  errorAnswerSchema,
  exceptionBodySchema,
  feeCardParamsSchema,
  feeExceptionAnswerSchema,
  feeExceptionParamsSchema,
  feeFolderParamsSchema,
  feeNullAnswerSchema,
  feePlanAnswerSchema,
  feePlanBodySchema,
  FEES_PATHS,
  FEES_TEXT,
  freeCardAnswerSchema,
  freeCardBodySchema,
  monthTagAnswerSchema,
  monthTagBodySchema,
} from '@academy/contract';
import { actorOf } from '../audit-log/service';
import type { FeesContext } from './context';
import { createException, createFreeCard, deletePlan, endException, endFreeCard, readClassFees, savePlan, setFolderMonth } from './plan-service';
import { refused, security, tags } from './route-schemas';

export const planRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  app.get(`/${FEES_PATHS.classPlan}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A class's fee plan (or null) and its month folders",
      params: feeFolderParamsSchema,
      response: { 200: classFeesAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.planRead, data: await readClassFees(ctx, request.params.folderId) }),
  });

  app.put(`/${FEES_PATHS.classPlan}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Set a class's monthly fee, its months, due day and grace days; a month with payments, orders, slips or exceptions stays",
      params: feeFolderParamsSchema,
      body: feePlanBodySchema,
      response: { 200: feePlanAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.planSaved,
      data: await savePlan(ctx, actorOf(request), request.params.folderId, request.body),
    }),
  });

  app.delete(`/${FEES_PATHS.classPlan}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Remove a class's fees, while nothing was ever paid, ordered or submitted under them",
      params: feeFolderParamsSchema,
      response: { 200: feeNullAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => {
      await deletePlan(ctx, actorOf(request), request.params.folderId);
      return { code: 200 as const, message: FEES_TEXT.planDeleted, data: null };
    },
  });

  app.put(`/${FEES_PATHS.folderMonth}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Tag a folder inside a class with one of the plan's months (null removes the tag)",
      params: feeFolderParamsSchema,
      body: monthTagBodySchema,
      response: { 200: monthTagAnswerSchema, ...refused, 409: errorAnswerSchema, 503: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.monthTagSaved,
      data: await setFolderMonth(ctx, actorOf(request), request.params.folderId, request.body.month),
    }),
  });

  app.post(`/${FEES_PATHS.freeCards}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Give a student a full or half free card for a class, from a month to a month or the end of the class year',
      body: freeCardBodySchema,
      response: { 200: freeCardAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.freeCardGiven, data: await createFreeCard(ctx, actorOf(request), request.body) }),
  });

  app.post(`/${FEES_PATHS.freeCardEnd}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'End a free card with the current month; the months it already covered stay',
      params: feeCardParamsSchema,
      response: { 200: freeCardAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.freeCardEnded, data: await endFreeCard(ctx, actorOf(request), request.params.cardId) }),
  });

  app.post(`/${FEES_PATHS.exceptions}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Open one month of a class for one student without payment, with a reason',
      body: exceptionBodySchema,
      response: { 200: feeExceptionAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.exceptionGiven, data: await createException(ctx, actorOf(request), request.body) }),
  });

  app.delete(`/${FEES_PATHS.exception}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "End an exception: the month closes again unless paid or free",
      params: feeExceptionParamsSchema,
      response: { 200: feeNullAnswerSchema, ...refused },
    },
    handler: async (request) => {
      await endException(ctx, actorOf(request), request.params.exceptionId);
      return { code: 200 as const, message: FEES_TEXT.exceptionEnded, data: null };
    },
  });
};
