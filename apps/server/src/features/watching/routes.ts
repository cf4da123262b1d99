import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  fileProgressAnswerSchema,
  lessonViewersAnswerSchema,
  reportBatchAnswerSchema,
  reportBatchBodySchema,
  retentionAnswerSchema,
  visitAnswerSchema,
  watchedLessonsAnswerSchema,
  watchingFileParamsSchema,
  watchingStudentParamsSchema,
  WATCHING_PATHS,
  WATCHING_TEXT,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import type { WatchingContext } from './context';
import * as service from './service';

// Progress reports from the player, a student's own progress, and the tutor's view of a lesson.

const tags = ['watching'];
const security = [{ bearer: [] }];
const refused = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema, 404: errorAnswerSchema };

export const watchingRoutes: FastifyPluginAsyncZod<{ ctx: WatchingContext }> = async (app, { ctx }) => {
  app.post(`/${WATCHING_PATHS.reports}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "The player's progress reports (position, what was played), in a batch applied once per batchId",
      description:
        'Sent about every 15 s while playing and on pause, seek and tab close (fetch keepalive, with the bearer token). ' +
        'A batch sent again with the same batchId answers applied: false and changes nothing. Reports on a file the caller ' +
        'may not open are dropped; a batch with none left is 404.',
      body: reportBatchBodySchema,
      response: { 200: reportBatchAnswerSchema, ...refused },
    },
    handler: async (request) => {
      const applied = await service.submitReports(ctx, currentAccount(request), request.body);
      return { code: 200 as const, message: applied ? WATCHING_TEXT.reportsSaved : WATCHING_TEXT.reportsAlreadySaved, data: { applied } };
    },
  });

  app.get(`/${WATCHING_PATHS.progress}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's own progress in a file they may open (null before they open it): where to resume",
      params: watchingFileParamsSchema,
      response: { 200: fileProgressAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.progressRead,
      data: await service.ownProgress(ctx, currentAccount(request), request.params.fileId),
    }),
  });

  app.get(`/${WATCHING_PATHS.continueWatching}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's half-watched lessons they may still open, last watched first",
      response: { 200: watchedLessonsAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.progressRead,
      data: await service.continueWatching(ctx, currentAccount(request)),
    }),
  });

  app.post(`/${WATCHING_PATHS.visit}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'The caller opened the drive screen: lessons added since their previous visit are New',
      response: { 200: visitAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.visitRecorded,
      data: { newSince: await service.recordVisit(ctx, currentAccount(request)) },
    }),
  });

  app.get(`/${WATCHING_PATHS.studentLessons}`, {
    config: { access: 'owner', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A student's opened lessons with % watched and last watched: an admin, or the student themself (403 for anyone else)",
      params: watchingStudentParamsSchema,
      response: { 200: watchedLessonsAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.progressRead,
      data: await service.studentLessons(ctx, currentAccount(request), request.params.studentId),
    }),
  });

  app.get(`/${WATCHING_PATHS.viewers}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags: ['lessons', ...tags],
      security,
      summary: 'Every student who may open the lesson, with % watched and last watched (0 and null for those who never opened it)',
      params: watchingFileParamsSchema,
      response: { 200: lessonViewersAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.progressRead,
      data: await service.lessonViewers(ctx, currentAccount(request), request.params.fileId),
    }),
  });

  app.get(`/${WATCHING_PATHS.retention}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags: ['lessons', ...tags],
      security,
      summary: "Audience retention: the share of the lesson's viewers who played some of each minute",
      params: watchingFileParamsSchema,
      response: { 200: retentionAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: WATCHING_TEXT.progressRead,
      data: await service.lessonRetention(ctx, currentAccount(request), request.params.fileId),
    }),
  });
};
