import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, NOTIFICATIONS_PATHS, SERVER_TEXT, unsubscribeAnswerSchema, unsubscribeBodySchema, unsubscribeParamsSchema } from '@academy/contract';
import * as service from './unsubscribe-service';

/** RFC 8058's one-click POST is a form; it is small, and no other route takes one. */
const FORM_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 1024;

/**
 * The unsubscribe link of notification e-mails. Registered as a plugin of its own, so its form
 * parser exists for this route only: every other route still answers 415 to a form body.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ deps: service.UnsubscribeDeps }> = async (app, { deps }) => {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(`/${NOTIFICATIONS_PATHS.unsubscribe}`, {
    config: { access: 'public', budget: 'write' },
    schema: {
      tags: ['notifications'],
      summary: "Turns off the e-mail of the link's kind for the link's account (RFC 8058 one-click, or the portal's page)",
      description: 'The body is the form `List-Unsubscribe=One-Click` a mail client sends, or JSON `{}`. A second use changes nothing.',
      params: unsubscribeParamsSchema,
      body: unsubscribeBodySchema,
      response: { 200: unsubscribeAnswerSchema, 400: errorAnswerSchema, 404: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: SERVER_TEXT.ok, data: await service.unsubscribe(deps, request.params.token) }),
  });
};
