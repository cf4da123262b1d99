import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Same-origin by default: the web app is served by this server, so it needs no CORS grant, and
 * without CORS_ORIGINS nothing is registered (no Access-Control-* header, a preflight is a 404).
 * With it, exactly those origins may call the API from a browser: bearer tokens, no cookies, so no
 * credentials. Any other origin is treated as if CORS were off.
 */
export const corsPlugin = fp(async (app: FastifyInstance, { origins }: { origins: string[] }) => {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Range'],
    // What the web app reads from answers: a download's name, a file's range, when to retry.
    exposedHeaders: ['Content-Disposition', 'Content-Range', 'Retry-After'],
    maxAge: 600,
    // A preflight without its method header is simply not a preflight: no plain-text 400 outside the contract.
    strictPreflight: false,
  });
});
