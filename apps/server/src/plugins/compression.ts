import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BODY_METHODS, routeMethods } from './route-hooks';

/** Answers smaller than this go as they are: the bytes saved would not pay for the compressing. */
const THRESHOLD_BYTES = 1024;
/** Brotli's quality for every compressed answer: 4, as @fastify/compress recommends (11 is far slower). */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

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
  await app.register(compress, { threshold: THRESHOLD_BYTES, brotliOptions: BROTLI_OPTIONS });
});

/** The encodings a shared answer is kept in, the better first, compressed as the plugin does. */
const SHARED_ENCODINGS = ['br', 'gzip'] as const;
type SharedEncoding = (typeof SHARED_ENCODINGS)[number];
const COMPRESS: Record<SharedEncoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliCompressSync(bytes, BROTLI_OPTIONS),
  gzip: (bytes) => gzipSync(bytes),
};

/**
 * An answer many requests get as the same bytes (a feed page: every student of a batch and class
 * type is sent the same one), compressed once per encoding when first asked for, where the plugin
 * compresses every answer anew: brotli takes some 100 µs for a 7 KB page, for each student. A route
 * that sends one declares `compress: false`; the encoding is chosen as the plugin chooses it.
 */
export class SharedAnswer {
  private readonly compressed = new Map<SharedEncoding, Buffer>();

  constructor(
    readonly bytes: Buffer,
    private readonly contentType: string,
  ) {}

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.contentType);
    const encoding = this.bytes.length < THRESHOLD_BYTES ? null : acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null) return reply.send(this.bytes);
    let compressed = this.compressed.get(encoding);
    if (compressed === undefined) {
      compressed = COMPRESS[encoding](this.bytes);
      this.compressed.set(encoding, compressed);
    }
    return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(compressed);
  }
}

/** The client's preferred encoding of ours, read as @fastify/compress reads Accept-Encoding. */
function acceptedEncoding(header: string | undefined): SharedEncoding | null {
  if (!header) return null;
  // As the plugin: x-gzip is gzip, and '*' (no preference) is taken as gzip.
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...SHARED_ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}
