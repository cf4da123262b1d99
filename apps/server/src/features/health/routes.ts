import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, healthAnswerSchema, SERVER_TEXT } from '@academy/contract';
import { pingDatabase, type Db } from '../../db/database';
import { errors } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; version: string }> = async (app, { db, version }) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability, for load balancers',
      response: { 200: healthAnswerSchema, 503: errorAnswerSchema },
    },
    handler: async () => {
      try {
        await pingDatabase(db);
      } catch {
        throw errors.unavailable(SERVER_TEXT.databaseDown);
      }
      return { code: 200 as const, message: SERVER_TEXT.ok, data: { database: 'up' as const, version } };
    },
  });
};
