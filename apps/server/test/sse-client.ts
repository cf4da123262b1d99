import { request, type IncomingHttpHeaders } from 'node:http';

/** One Server-Sent Event as the wire carried it; comments (heartbeats) have event 'comment'. */
export interface ReceivedEvent {
  event: string;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as text, for an answer that is not a stream (a refusal). */
  body: Promise<string>;
  /** Waits for the next event after the last one returned that `matches`; all stay in `received`. */
  next(matches?: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  received: ReceivedEvent[];
  /** Resolves when the stream ends, whichever side ends it. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): ReceivedEvent {
  const event: ReceivedEvent = { event: 'message', data: '' };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) event.event = 'comment';
    else if (line.startsWith('event: ')) event.event = line.slice(7);
    else if (line.startsWith('data: ')) event.data += line.slice(6);
  }
  return event;
}

/**
 * A real HTTP event-stream client for tests, on a connection of its own (no pool keeps a socket
 * open after it), sending the bearer header as the web app does.
 */
export function connectSse(url: string, token: string | null, extraHeaders: Record<string, string> = {}): Promise<SseClient> {
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  let cursor = 0;
  const next = (matches: (event: ReceivedEvent) => boolean = () => true, timeoutMs = 5000) =>
    new Promise<ReceivedEvent>((resolve, reject) => {
      const check = () => {
        while (cursor < received.length) {
          const event = received[cursor++] as ReceivedEvent;
          if (!matches(event)) continue;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(event);
          return;
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event in ${timeoutMs} ms; received: ${JSON.stringify(received)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders };
    const req = request(url, { headers, agent: false }, (response) => {
      response.setEncoding('utf8');
      let text = '';
      let buffer = '';
      const ended = new Promise<void>((done) => response.once('close', done));
      response.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          received.push(parseBlock(buffer.slice(0, split)));
          buffer = buffer.slice(split + 2);
        }
        notify();
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: ended.then(() => text),
        next,
        received,
        ended,
        close: () => req.destroy(),
      });
    });
    // Before an answer this fails the connect; after it (close() destroys the socket) it changes nothing.
    req.on('error', reject);
    req.end();
  });
}
