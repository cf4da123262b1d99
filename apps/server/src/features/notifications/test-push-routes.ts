import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, NOTIFICATIONS_PATHS, NOTIFICATIONS_TEXT, SERVER_TEXT, testPushAnswerSchema } from '@academy/contract';
import { errors } from '../../lib/errors';
import { currentAccount } from '../../plugins/auth';
import type { NotificationsContext } from './context';
import { sendTestPush, TEST_PUSH_LIMIT, TEST_PUSH_WINDOW_MS } from './test-push';

/** A test push to the caller's own devices, 5 an hour per account. */
export const testPushRoutes: FastifyPluginAsyncZod<{ deps: NotificationsContext }> = async (app, { deps }) => {
  app.post(`/${NOTIFICATIONS_PATHS.testPush}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags: ['notifications'],
      summary: "A test notification to the caller's own devices (5 an hour)",
      security: [{ bearer: [] }],
      response: { 200: testPushAnswerSchema, 401: errorAnswerSchema, 409: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const account = currentAccount(request);
      const use = await app.countBudget(`account:${account.id}:test-push`, TEST_PUSH_LIMIT, TEST_PUSH_WINDOW_MS);
      if (!use.within) throw errors.tooManyRequests(NOTIFICATIONS_TEXT.testLimit, Number(use.refusal.headers?.['retry-after'] ?? 3600));
      return { code: 200 as const, message: SERVER_TEXT.ok, data: { devices: await sendTestPush(deps, account.id) } };
    },
  });
};
