import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** An open Server-Sent Events answer: named events of one line of JSON, and heartbeats. */
export interface EventStream {
  send(event: string, data: string): void;
  /** Ends the answer; the client sees the stream finish and may reconnect. */
  close(): void;
  readonly closed: boolean;
  /** Called once, when the stream ends for any reason: closed here, client gone, server closing. */
  onClose(listener: () => void): void;
}

/**
 * Turns a reply into an event stream. The body is a stream Fastify pipes to the socket, so hooks
 * and headers (security headers included) apply as usual, and a client that goes away destroys it.
 * A comment every `heartbeatMs` keeps proxies from closing a quiet connection.
 */
export function openEventStream(reply: FastifyReply, options: { heartbeatMs: number; retryMs: number }): EventStream {
  const body = new PassThrough();
  let closed = false;
  const listeners: (() => void)[] = [];
  const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), options.heartbeatMs);
  heartbeat.unref();
  body.once('close', () => {
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  });

  reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    // no-transform: a proxy must not compress or buffer the events; X-Accel-Buffering does the same for nginx.
    .header('Cache-Control', 'no-store, no-transform')
    .header('X-Accel-Buffering', 'no')
    .send(body);
  // The first bytes send the headers at once, so the client knows it is connected.
  body.write(`retry: ${options.retryMs}\n\n`);

  return {
    send(event, data) {
      if (!closed) body.write(`event: ${event}\ndata: ${data}\n\n`);
    },
    close() {
      if (!closed) body.end();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}
