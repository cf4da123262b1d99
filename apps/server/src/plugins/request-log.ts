import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';

/** How long a log line may wait before it is written anyway. */
const FLUSH_EVERY_MS = 1000;
/** Lines are handed on in batches of about this many characters. */
const BATCH_CHARS = 16 * 1024;

type Destination = ReturnType<typeof pino.destination>;

/**
 * Gathers log lines and hands them to pino's asynchronous destination (sonic-boom) a batch at a
 * time. Given lines one by one, sonic-boom measured its pending buffer's bytes again for every
 * line and wrote 4 KB per trip to libuv's thread pool (some 45 µs each): 3 µs a line, the
 * largest part of a constant route's logging. Given 16 KB at once, 1.2 µs (docs/performance.md).
 * sonic-boom still does the writing: partial writes, a busy pipe, the flush at exit.
 */
class LineBatch {
  private lines: string[] = [];
  private chars = 0;
  /** After close, lines go straight on: no timer is left to hand them on. */
  private direct = false;

  constructor(private readonly destination: Destination) {}

  /** pino's stream interface: one serialized line. */
  write(line: string): boolean {
    if (this.direct) return this.destination.write(line);
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= BATCH_CHARS) this.handOn();
    return true;
  }

  /** The gathered lines to the destination, which starts writing them. */
  handOn(): void {
    if (this.lines.length === 0) return;
    this.destination.write(this.lines.join(''));
    this.lines = [];
    this.chars = 0;
  }

  /** Hands on what is gathered, and every later line as it comes. */
  close(): void {
    this.handOn();
    this.direct = true;
  }

  /** Everything, written before this returns: at exit, when there is no event loop left. */
  flushSync(): void {
    this.handOn();
    this.destination.flushSync();
  }
}

/**
 * The server's logger: JSON lines on standard output at LOG_LEVEL, bearer tokens redacted, written
 * in the background in batches (LineBatch). A quiet server's lines are written within a second,
 * and whatever is gathered is written when the process exits.
 */
export function serverLogger(level: string) {
  const destination = pino.destination({ dest: 1, sync: false });
  const lines = new LineBatch(destination);
  const flusher = setInterval(() => lines.handOn(), FLUSH_EVERY_MS);
  flusher.unref();
  const atExit = () => lines.flushSync();
  process.on('exit', atExit);
  return {
    // @fastify/multipart logs the request's headers at trace ('Providing options to busboy'), bearer token included.
    options: { level, redact: ['req.headers.authorization', 'busboyOptions.headers.authorization'], stream: lines },
    /** On close: stop the timer, hand on what is gathered and later lines as they come (pino's exit flush writes the rest). */
    close: () => {
      clearInterval(flusher);
      process.off('exit', atExit);
      lines.close();
    },
  };
}

/**
 * One concise line per answered request, at info, instead of Fastify's two ("incoming request"
 * with the whole request, "request completed"): method, address, status and time. The request id
 * ties it to whatever else the request logged. At debug and trace the arrival is logged too, so a
 * request that never ends still shows.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const enabled = (level: 'info' | 'debug') => (pino.levels.values[app.log.level] ?? Infinity) <= (pino.levels.values[level] ?? 0);
  if (enabled('debug')) {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, url: request.url, ip: request.ip }, 'incoming request');
      done();
    });
  }
  if (!enabled('info')) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
});
