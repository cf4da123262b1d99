import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_METHODS, routeMethods } from './route-hooks';

/** Answers smaller than this go as they are: the bytes saved would not pay for the compressing. */
const THRESHOLD_BYTES = 1024;

/**
 * Answers compressed for clients that accept it (over a phone's line a 7 KB feed page goes in under
 * 2 KB), and compressed request bodies accepted. @fastify/compress puts its request-body step on
 * every route; a route whose methods carry no body (every GET, most of what is served) has no body
 * to decompress, so it goes without the step: one phase fewer on every read (docs/performance.md).
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Before compress registers its own onRoute hook, which reads the route's `decompress`.
  app.addHook('onRoute', (route) => {
    if (route.decompress !== undefined) return;
    if (!routeMethods(route).some((method) => BODY_METHODS.has(method))) route.decompress = false;
  });
  await app.register(compress, { threshold: THRESHOLD_BYTES });
});
