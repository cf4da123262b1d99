import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, healthAnswerSchema, noDataAnswerSchema, SERVER_TEXT } from '@academy/contract';
import { pingDatabase, type Db } from '../../db/database';
import { errors } from '../../lib/errors';

const PONG = { code: 200 as const, message: 'pong', data: null };

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; version: string }> = async (app, { db, version }) => {
  app.get('/health', {
    config: { access: 'public', budget: 'read' },
    // Both answers here are some 80 bytes, far under compression's threshold: no step to decide it.
    compress: false,
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

  // A constant answer, no database: a liveness probe, and the yardstick benchmarks compare routes with.
  app.get('/ping', {
    config: { access: 'public', budget: 'read' },
    compress: false,
    schema: { tags: ['health'], summary: 'Liveness without touching the database', response: { 200: noDataAnswerSchema } },
    // Not async: an answer at hand is sent at once, where a promise would put the reply off to
    // the microtask queue and the request's stream through extra steps (docs/performance.md).
    handler: () => PONG,
  });
};
