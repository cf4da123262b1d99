import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';
import fp from 'fastify-plugin';
import pino from 'pino';
import type { SessionAccount } from './auth';

/** How long a log line may wait before it is written anyway. */
const FLUSH_EVERY_MS = 1000;
/**
 * Lines are handed on in batches of about this many bytes. Each hand-on costs the event loop a
 * trip to libuv's thread pool, which profiled at about 100 µs on this machine: at 16 KB (some 100
 * request lines) that was 1 µs a request, at 64 KB a quarter of it.
 */
const BATCH_BYTES = 64 * 1024;
/** A batch's room: a full batch plus one more line of up to 16 K characters (3 bytes each at most). */
const BATCH_ROOM = BATCH_BYTES + 48 * 1024;

/** sonic-boom in buffer mode: its write takes Buffers (its types know only the string mode). */
type Destination = Omit<ReturnType<typeof pino.destination>, 'write'> & { write(data: Buffer): boolean };

/**
 * Gathers log lines and hands them to pino's asynchronous destination (sonic-boom) a batch at a
 * time, already encoded. Given lines one by one, sonic-boom measured its pending buffer's bytes
 * again for every line and wrote 4 KB per trip to libuv's thread pool (some 45 µs each): 3 µs a
 * line, the largest part of a constant route's logging. Joined into batches of strings, it still
 * measured, copied and encoded each batch three times over; each line is now written once into
 * a buffer as UTF-8 and the buffer handed on as it is (docs/performance.md). sonic-boom still does
 * the writing: partial writes, a busy pipe, the flush at exit.
 */
class LineBatch {
  private batch = Buffer.allocUnsafe(BATCH_ROOM);
  private used = 0;
  /** After close, lines go straight on: no timer is left to hand them on. */
  private direct = false;

  constructor(private readonly destination: Destination) {}

  /** pino's stream interface: one serialized line. */
  write(line: string): boolean {
    if (this.direct || line.length * 3 > BATCH_ROOM - BATCH_BYTES) {
      // A line too long for the room (a huge error): what is gathered first, then the line, in order.
      this.handOn();
      return this.destination.write(Buffer.from(line));
    }
    this.used += this.batch.write(line, this.used);
    if (this.used >= BATCH_BYTES) this.handOn();
    return true;
  }

  /** The gathered lines to the destination, which starts writing them; the next go to a new buffer. */
  handOn(): void {
    if (this.used === 0) return;
    // sonic-boom writes in the background, so the handed buffer is never reused.
    this.destination.write(this.batch.subarray(0, this.used));
    this.batch = Buffer.allocUnsafe(BATCH_ROOM);
    this.used = 0;
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
  const destination = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' }) as unknown as Destination;
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

type LineLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * Fastify gives every request a child of the server's logger, bound to the request's id. pino
 * builds a child by copying its parent and serializing the bindings, about 1 µs, on every request,
 * though most requests log nothing but their one line (written from the server's logger, id and
 * all, below). This stands in for the child and builds pino's the first time the request logs.
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  fatal(...line: unknown[]): void {
    this.write('fatal', line);
  }
  error(...line: unknown[]): void {
    this.write('error', line);
  }
  warn(...line: unknown[]): void {
    this.write('warn', line);
  }
  info(...line: unknown[]): void {
    this.write('info', line);
  }
  debug(...line: unknown[]): void {
    this.write('debug', line);
  }
  trace(...line: unknown[]): void {
    this.write('trace', line);
  }
  silent(): void {}

  private write(level: LineLevel, line: unknown[]): void {
    // A line below the level is dropped without making the child for it.
    if (this.made === undefined && (pino.levels.values[level] ?? 0) < (pino.levels.values[this.level] ?? 0)) return;
    (this.real[level] as (...args: unknown[]) => void)(...line);
  }
}

/** Fastify's childLoggerFactory: each request's logger, made when first used. */
export function requestChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

/** The fields of the one line per answered request. */
interface RequestLine {
  reqId: string;
  method: string;
  /** The address as loggedAddress shows it. */
  url: string;
  status: number;
  ms: number;
  /** The client's address (`request.ip`, which honours TRUST_PROXY). */
  ip: string | undefined;
  /** The signed-in caller, whose account and session ids the line carries; never the token. */
  caller: LineCaller | null | undefined;
}

type LineCaller = Pick<SessionAccount, 'id' | 'sessionId'>;

/** The line's fields as pino is given them, in the order the direct line writes them. */
function pinoFields({ caller, ...line }: RequestLine) {
  return { ...line, accountId: caller?.id, sessionId: caller?.sessionId };
}

/** What a masked part of a logged address shows instead. */
export const MASKED = '[Redacted]';

/**
 * The query parameters whose values are logged as sent: ids, page numbers and filters from fixed
 * lists, dates and page cursors. Every other value is masked: the viewer's file ticket (`t`), the
 * Student List's and the audit log's search words (names, phone numbers), whatever a client adds.
 */
const LOGGED_QUERY_VALUES = new Set(['id', 'page', 'pageSize', 'batch', 'classType', 'state', 'action', 'adminId', 'targetId', 'from', 'to', 'before']);
/** A parameter name logged beside its masked value; anything else in a name's place is masked whole. */
const PLAIN_NAME = /^[\w.-]{1,40}$/;

/**
 * The address as the log shows it: each query value masked unless LOGGED_QUERY_VALUES names it,
 * and each path segment holding an e-mail address (an `@`, raw or escaped) masked, as in
 * `folders/diveRootFiles/{email}`. Most addresses have neither and are returned as they are.
 */
export function loggedAddress(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const shownPath = path.includes('@') || path.includes('%40') ? maskEmailSegments(path) : path;
  return queryAt === -1 ? shownPath : `${shownPath}?${maskQuery(url.slice(queryAt + 1))}`;
}

function maskEmailSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.includes('@') || segment.includes('%40') ? MASKED : segment))
    .join('/');
}

/** Each `&`-separated part masked on its own; a loop, as every lesson segment's address has a query. */
function maskQuery(query: string): string {
  let shown = '';
  for (let start = 0; start <= query.length; ) {
    const found = query.indexOf('&', start);
    const end = found === -1 ? query.length : found;
    shown += (start === 0 ? '' : '&') + maskPart(query.slice(start, end));
    start = end + 1;
  }
  return shown;
}

function maskPart(part: string): string {
  const equals = part.indexOf('=');
  const name = equals === -1 ? part : part.slice(0, equals);
  if (equals === -1 || LOGGED_QUERY_VALUES.has(name)) return part === '' || PLAIN_NAME.test(name) ? part : MASKED;
  return PLAIN_NAME.test(name) ? `${name}=${MASKED}` : MASKED;
}

type PinoInternals = Record<symbol, unknown>;

/**
 * The request line written straight into pino's destination, byte for byte as pino writes it
 * (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"method":…,"url":…,"status":…,"ms":…,
 * "ip":…,"accountId":…,"sessionId":…,"msg":"request"}`, a field without a value left out as pino
 * leaves it out): pino's general path (serializers, key checks, redaction's copy of the object)
 * cost some 2 µs a line, on every request, for a line of one fixed shape (docs/performance.md).
 * The redact paths (the authorization header) name none of these fields. Null for a logger set up
 * beyond pino's defaults in a way that changes a line (another time format, a mixin, a log
 * formatter or hook, a message prefix or nesting key): that one gets the line through pino.
 */
function directRequestLine(log: FastifyBaseLogger): ((line: RequestLine) => void) | null {
  const own = log as unknown as PinoInternals;
  // pino's internals by the names it exports their symbols under (its types list only some).
  const symbols = pino.symbols as unknown as Record<string, symbol | undefined>;
  const internal = (name: string): unknown => {
    const key = symbols[name];
    return key === undefined ? undefined : own[key];
  };
  const stream = internal('streamSym') as { write?: (line: string) => unknown } | undefined;
  const start = (internal('lsCacheSym') as Record<number, string> | undefined)?.[pino.levels.values.info ?? 30];
  const bindings = internal('chindingsSym');
  const formatters = internal('formattersSym') as { log?: unknown } | undefined;
  const hooks = internal('hooksSym') as { logMethod?: unknown } | undefined;
  const needsMetadata = symbols.needsMetadataGsym;
  const plain =
    typeof stream?.write === 'function' &&
    // A multistream is told each line's level before it is written: pino's own path does that.
    !(needsMetadata && (stream as Record<symbol, unknown>)[needsMetadata]) &&
    typeof start === 'string' &&
    typeof bindings === 'string' &&
    internal('timeSym') === pino.stdTimeFunctions.epochTime &&
    internal('messageKeySym') === 'msg' &&
    !internal('mixinSym') &&
    !formatters?.log &&
    !hooks?.logMethod &&
    !internal('msgPrefixSym') &&
    !internal('nestedKeySym');
  if (!plain || !stream?.write) return null;
  const write = stream.write.bind(stream);
  // A caller's two ids, written once per caller: the session store hands the same caller object
  // to each request of a caller it remembers (sessions/caller-cache.ts).
  const callerFields = new WeakMap<LineCaller, string>();
  const callerPart = (caller: LineCaller) => {
    let part = callerFields.get(caller);
    if (part === undefined) {
      part = `,"accountId":${JSON.stringify(caller.id)},"sessionId":${JSON.stringify(caller.sessionId)}`;
      callerFields.set(caller, part);
    }
    return part;
  };
  return ({ reqId, method, url, status, ms, ip, caller }) => {
    write(
      `${start},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)},` +
        `"url":${JSON.stringify(url)},"status":${status},"ms":${ms}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`}` +
        `${caller ? callerPart(caller) : ''},"msg":"request"}\n`,
    );
  };
}

/**
 * One concise line per answered request, at info, instead of Fastify's two ("incoming request"
 * with the whole request, "request completed"): method, address (secrets and personal data masked,
 * loggedAddress), status, time, the client's address and, for a signed-in caller, the account and
 * session ids. The request id ties it to whatever else the request logged. At debug and trace the
 * arrival is logged too, so a request that never ends still shows.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const enabled = (level: 'info' | 'debug') => (pino.levels.values[app.log.level] ?? Infinity) <= (pino.levels.values[level] ?? 0);
  if (enabled('debug')) {
    app.addHook('onRequest', (request, _reply, done) => {
      request.log.debug({ method: request.method, url: loggedAddress(request.url), ip: request.ip }, 'incoming request');
      done();
    });
  }
  if (!enabled('info')) return;
  // The server's logger with the id written in, as the request's child would: no child made for it.
  const writeLine = directRequestLine(app.log) ?? ((line: RequestLine) => app.log.info(pinoFields(line), 'request'));
  app.addHook('onResponse', (request, reply, done) => {
    writeLine({
      reqId: request.id,
      method: request.method,
      url: loggedAddress(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      // The caller as the access check found it (plugins/auth.ts): no lookup of its own.
      caller: request.account,
    });
    done();
  });
});
