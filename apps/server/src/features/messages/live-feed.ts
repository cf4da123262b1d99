import { messageSchema, type MessageEvent } from '@academy/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AccountStreams, type AccountStreamsOptions } from '../../events/account-streams';
import type { EventBus } from '../../events/event-bus';
import type { SessionAccount, TokenClaims } from '../../plugins/auth';
import { audienceOf, reaches } from './targeting';

const CHANNEL = 'messages';

/** What instances tell each other: the whole message, and who wrote it (never sent to browsers). */
const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['created', 'updated']), message: messageSchema, authorId: z.string().nullable() }),
  z.object({ type: z.literal('deleted'), id: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export interface LiveFeedOptions extends AccountStreamsOptions {
  bus: EventBus;
  /** Called for every change to a message, from this instance or any other, before streams hear it. */
  onChange: () => void;
}

/**
 * The open feeds of this instance. Every change to a message is published on the bus; every
 * instance hears it and writes it to those of its streams whose account the message reaches, so a
 * student never receives a message meant for others. The streams' accounts are re-checked by
 * AccountStreams: an ended account's stream closes, and a changed profile changes what it carries.
 */
export class LiveFeed {
  private readonly streams: AccountStreams;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly options: LiveFeedOptions) {
    this.streams = new AccountStreams(options);
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.options.bus.subscribe(CHANNEL, (payload) => this.deliver(payload));
    this.streams.start();
  }

  open(reply: FastifyReply, account: SessionAccount, claims: TokenClaims): void {
    this.streams.open(reply, account, claims);
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
    return this.streams.size;
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
      for (const connection of this.streams.all()) connection.stream.send(gone.name, gone.data);
      return;
    }
    const { message, authorId } = event;
    const variants =
      event.type === 'created'
        ? { own: encode({ type: 'created', message, unread: false }), others: encode({ type: 'created', message, unread: true }) }
        : { own: encode({ type: 'updated', message }), others: encode({ type: 'updated', message }) };
    // An edit that takes the message out of a student's reach removes it from their feed.
    const gone = encode({ type: 'deleted', id: message._id });
    for (const connection of this.streams.all()) {
      const variant = connection.account.id === authorId ? variants.own : variants.others;
      if (reaches(message, audienceOf(connection.account))) connection.stream.send(variant.name, variant.data);
      else if (event.type === 'updated') connection.stream.send(gone.name, gone.data);
    }
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.streams.close();
  }
}
