// The reference for API routes: a bare Fastify process (no plugins, no hooks, no logger) answering
// the very bytes the portal answered, so a bench's ratio measures what the portal's own path costs.
//
//   node bench/support/bare-fastify.mjs <routes.json>
// routes.json: { "port": 19201, "routes": [{ "url": "/feed", "contentType": "application/json; charset=utf-8", "body": "..." }] }
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const { port, routes } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = Buffer.from(route.body);
  app.get(route.url, (_request, reply) => {
    reply.header('content-type', route.contentType).send(body);
  });
}
await app.listen({ port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
