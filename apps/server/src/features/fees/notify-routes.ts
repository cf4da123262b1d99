// PayHere's own calls (fees.md 'The notification', 'End to end' step 5): the server-to-server
// notification and the browser's return and cancel addresses. This plugin is encapsulated (not
// wrapped in fastify-plugin): the form-body parser it adds is the only one in the portal, so the
// notify route alone takes `application/x-www-form-urlencoded`, and every other route still
// answers a form post 415 (ASVS 4.2.2, 13.2.5). HTTP only; the rules are in notify-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  feeNullAnswerSchema,
  feeOrderParamsSchema,
  FEES_PATHS,
  FEES_TEXT,
  PAYHERE_NOTIFY_BODY_LIMIT,
  payhereNotificationSchema,
} from '@academy/contract';
import { errors } from '../../lib/errors';
import type { FeesContext } from './context';
import { logLine, refuseNotification, takeNotification } from './notify-service';
import { tags } from './route-schemas';

const FORM = 'application/x-www-form-urlencoded';

/**
 * A form body as one string per field. A field given twice is refused, not guessed between: the
 * signature covers one value, and a second could smuggle another past it.
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) throw errors.badRequest(FEES_TEXT.notificationIncomplete, [{ field: name, message: `${name} is given twice` }]);
    fields[name] = value;
  }
  return fields;
}

/** Where the return and cancel addresses send the browser: the return page, which shows the server's state. */
export function returnPage(orderId: string): string {
  return `/#/fees/orders/${encodeURIComponent(orderId)}`;
}

export const notifyRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  // In this plugin only: forms, and nothing else (a JSON body at the notify address is 415 too).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: PAYHERE_NOTIFY_BODY_LIMIT }, (request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      logLine({ ip: request.ip, log: request.log }, {}, 'incomplete');
      done(error as Error, undefined);
    }
  });

  app.post(`/${FEES_PATHS.payhereNotify}`, {
    config: { access: 'public', budget: 'notify' },
    bodyLimit: PAYHERE_NOTIFY_BODY_LIMIT,
    // The route writes its own refusal line (never the body: it carries the card holder and card number).
    attachValidation: true,
    schema: {
      tags,
      summary: "PayHere's payment notification (form-encoded, signed with md5sig); 200 for every verified one, applied or repeated",
      consumes: [FORM],
      body: payhereNotificationSchema,
      response: { 200: feeNullAnswerSchema, 400: errorAnswerSchema, 404: errorAnswerSchema, 413: errorAnswerSchema, 415: errorAnswerSchema, 429: errorAnswerSchema },
    },
    handler: async (request) => {
      const source = { ip: request.ip, log: request.log };
      if (request.validationError) {
        const raw = (request.body ?? {}) as { order_id?: unknown; status_code?: unknown };
        const named = { order_id: typeof raw.order_id === 'string' ? raw.order_id.slice(0, 64) : undefined, status_code: typeof raw.status_code === 'string' ? raw.status_code.slice(0, 4) : undefined };
        refuseNotification(source, named, 'incomplete', errors.badRequest(FEES_TEXT.notificationIncomplete));
      }
      await takeNotification(ctx, request.body, source);
      return { code: 200 as const, message: FEES_TEXT.notificationTaken, data: null };
    },
  });

  for (const path of [FEES_PATHS.payhereReturn, FEES_PATHS.payhereCancel]) {
    app.get(`/${path}`, {
      config: { access: 'public', budget: 'read' },
      schema: {
        tags,
        summary: path === FEES_PATHS.payhereReturn ? 'Where PayHere sends the browser back: 303 to the return page' : 'Where PayHere sends a canceled checkout: 303 to the return page',
        params: feeOrderParamsSchema,
        response: { 400: errorAnswerSchema, 429: errorAnswerSchema },
      },
      // Changes nothing: the return page asks the server for the order's state (fees.md, decided).
      handler: async (request, reply) => reply.redirect(returnPage(request.params.orderId), 303),
    });
  }
};
