import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_TEXT } from '@academy/contract';
import { AppError } from '../lib/errors';

/**
 * Behind a TLS proxy (TRUST_PROXY=true), a request the proxy says came in over plain HTTP
 * (`X-Forwarded-Proto: http`) is not served (ASVS 9.1.1): a page is redirected to https://, anything
 * else refused with 426, so a proxy that forgot its own redirect cannot serve the portal or take a
 * password in the clear. A request without the header (the balancer's health check straight to the
 * instance) is served: only the proxy can reach the instance (docs/scaling.md).
 */
export const httpsOnlyPlugin = fp(async (app: FastifyInstance, { trustProxy }: { trustProxy: boolean }) => {
  if (!trustProxy) return;
  app.addHook('onRequest', async (request, reply) => {
    const forwarded = request.headers['x-forwarded-proto'];
    // The proxy nearest the client writes the first value.
    const scheme = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
    if (scheme !== 'http') return;
    if ((request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')) {
      return reply.redirect(`https://${request.host}${request.url}`, 308);
    }
    // 426 Upgrade Required: the request is fine, its transport is not (RFC 2817 names TLS as the upgrade).
    throw new AppError(426, SERVER_TEXT.httpsOnly);
  });
});
