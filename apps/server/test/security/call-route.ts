import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DeclaredRoute } from '../../src/plugins/auth';
import type { ExampleRequest } from './route-examples';
import type { Actor, World } from './world';

/** What the tests read of an answer. */
export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The inject() options of an example, sent by one caller with the route's method. */
export function requestFor(world: World, route: DeclaredRoute, actor: Actor, example: ExampleRequest): InjectOptions {
  return {
    method: route.method as InjectOptions['method'],
    url: example.url,
    ...(example.payload === undefined ? {} : { payload: example.payload }),
    headers: { ...(example.auth ?? world.headers[actor]), ...example.headers },
    ...(example.remoteAddress ? { remoteAddress: example.remoteAddress } : {}),
  };
}

/**
 * Sends a request and reads the answer. An event stream never ends, so for one the status and
 * headers are all there is to read; the stream is let go and the app's close ends it.
 */
export async function send(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const response = await app.inject({ ...options, payloadAsStream: true });
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: response.statusCode, headers: response.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') };
}
