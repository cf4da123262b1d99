import { messageSchema, type MessageEvent } from '@academy/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EventBus } from '../../events/event-bus';
import { openEventStream, type EventStream } from '../../events/event-stream';
import type { SessionAccount, TokenClaims } from '../../plugins/auth';
import { audienceOf, reaches, type Audience } from './targeting';

const CHANNEL = 'messages';
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/** What instances tell each other: the whole message, and who wrote it (never sent to browsers). */
const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['created', 'updated']), message: messageSchema, authorId: z.string().nullable() }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

interface Connection {
  claims: TokenClaims;
  account: SessionAccount;
  audience: Audience;
  stream: EventStream;
}

export interface LiveFeedOptions {
  bus: EventBus;
  /** The account behind a stream's token now, or null once its session or account has ended. */
  resolve: (claims: TokenClaims) => Promise<SessionAccount | null>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  recheckMs: number;
  /** Called for every change to a message, from this instance or any other, before streams hear it. */
  onChange: () => void;
}

/**
 * The open feeds of this instance. Every change to a message is published on the bus; every
 * instance hears it and writes it to those of its streams whose account the message reaches, so a
 * student never receives a message meant for others. Accounts are re-checked every `recheckMs`: a
 * suspended, deleted or signed-out (token version moved) account's stream is ended, and a changed
 * profile changes what the stream carries.
 */
export class LiveFeed {
  private readonly connections = new Set<Connection>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private rechecking = false;

  constructor(private readonly options: LiveFeedOptions) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.options.bus.subscribe(CHANNEL, (payload) => this.deliver(payload));
    this.timer = setInterval(() => void this.recheck(), this.options.recheckMs);
    this.timer.unref();
  }

  open(reply: FastifyReply, account: SessionAccount, claims: TokenClaims): void {
    const stream = openEventStream(reply, { heartbeatMs: this.options.heartbeatMs, retryMs: RETRY_MS });
    const connection: Connection = { claims, account, audience: audienceOf(account), stream };
    this.connections.add(connection);
    stream.onClose(() => this.connections.delete(connection));
  }

  /**
   * The change is saved already; a bus that is down must not turn that into a failure. This
   * instance's own caches learn of it at once, before the answer; others when the event arrives.
   */
  async publish(event: LiveEvent): Promise<void> {
    this.options.onChange();
    try {
      await this.options.bus.publish(CHANNEL, JSON.stringify(event));
    } catch (error) {
      this.options.log.error({ err: error, event: event.type }, 'live update not published; open feeds catch up when they reconnect');
    }
  }

  get openStreams(): number {
    return this.connections.size;
  }

  private deliver(payload: string): void {
    let event: LiveEvent;
    try {
      event = liveEventSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.options.log.warn({ err: error }, 'ignored a malformed live update');
      return;
    }
    this.options.onChange();
    // Each variant is serialised once, however many streams receive it.
    const encode = (data: MessageEvent) => ({ name: data.type, data: JSON.stringify(data) });
    if (event.type === 'deleted') {
      const gone = encode({ type: 'deleted', id: event.id });
      for (const connection of this.connections) connection.stream.send(gone.name, gone.data);
      return;
    }
    const { message, authorId } = event;
    const variants =
      event.type === 'created'
        ? { own: encode({ type: 'created', message, unread: false }), others: encode({ type: 'created', message, unread: true }) }
        : { own: encode({ type: 'updated', message }), others: encode({ type: 'updated', message }) };
    // An edit that takes the message out of a student's reach removes it from their feed.
    const gone = encode({ type: 'deleted', id: message._id });
    for (const connection of this.connections) {
      const variant = connection.account.id === authorId ? variants.own : variants.others;
      if (reaches(message, connection.audience)) connection.stream.send(variant.name, variant.data);
      else if (event.type === 'updated') connection.stream.send(gone.name, gone.data);
    }
  }

  /** One pass over this instance's streams; a pass still running makes the next one wait its turn. */
  async recheck(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const nowSeconds = Date.now() / 1000;
      for (const connection of [...this.connections]) {
        const expired = connection.claims.exp !== undefined && connection.claims.exp <= nowSeconds;
        const account = expired ? null : await this.options.resolve(connection.claims);
        if (!account) {
          connection.stream.close();
          continue;
        }
        connection.account = account;
        connection.audience = audienceOf(account);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'live stream re-check failed; trying again at the next one');
    } finally {
      this.rechecking = false;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.unsubscribe?.();
    for (const connection of this.connections) connection.stream.close();
  }
}
