// The papers feature's routes, as the one plugin app.ts registers under /api.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actionsRoutes } from './actions-routes';
import { answerScriptsRoutes } from './answer-scripts/routes';
import type { PapersContext } from './context';
import { paperRoutes } from './paper-routes';
import { resultsRoutes } from './results-routes';
import { sittingRoutes } from './sitting-routes';

/** Every papers call under /api: the paper itself, the student's sitting, results, and the tutor's actions on them. */
export const papersRoutes: FastifyPluginAsyncZod<{ ctx: PapersContext }> = async (app, { ctx }) => {
  await app.register(paperRoutes, { ctx });
  await app.register(sittingRoutes, { ctx });
  await app.register(resultsRoutes, { ctx });
  await app.register(actionsRoutes, { ctx });
  await app.register(answerScriptsRoutes, { ctx });
};
