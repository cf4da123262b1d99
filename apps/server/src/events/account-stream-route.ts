import { errorAnswerSchema } from '@academy/contract';
import type { FastifyReply, RouteShorthandOptionsWithHandler } from 'fastify';
import { currentAccount, currentClaims, type SessionAccount, type TokenClaims } from '../plugins/auth';

/**
 * The route of a signed-in caller's live stream (Server-Sent Events on AccountStreams): the
 * announcements feed's and the bell's. One declaration, so both keep the same access, the same
 * uncompressed answer and the same documented way in.
 */
export function accountStreamRoute(
  doc: { tags: string[]; summary: string },
  open: (reply: FastifyReply, account: SessionAccount, claims: TokenClaims) => void,
): RouteShorthandOptionsWithHandler {
  return {
    config: { access: 'signed-in', budget: 'read' },
    // Events must reach the browser as they happen, never held back to be compressed.
    compress: false,
    schema: {
      ...doc,
      description:
        'Authenticated by the Authorization header like every call (read it with fetch, not EventSource), so the ' +
        'token never appears in an address. Ends when the account is suspended, deleted or signed out everywhere.',
      security: [{ bearer: [] }],
      response: { 401: errorAnswerSchema },
    },
    // Not async: the reply is sent as a stream inside open(), which is how Fastify takes it.
    handler: (request, reply) => {
      open(reply, currentAccount(request), currentClaims(request));
    },
  };
}
