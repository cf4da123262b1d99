import type { NotificationStreamEvent } from '@academy/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AccountStreams, type AccountStreamsOptions } from '../../events/account-streams';
import type { EventBus } from '../../events/event-bus';
import type { Db } from '../../db/database';
import type { SessionAccount, TokenClaims } from '../../plugins/auth';
import { toItem } from './bell-item';
import * as repo from './repo';

const CHANNEL = 'notifications';

/**
 * What instances tell each other: which notification reached, was read by, or left which accounts.
 * Only ids travel; each instance reads the words and counts of its own streams' accounts from the
 * database, so every instance writes the same thing whichever raised it.
 */
const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), notificationId: z.string(), accountIds: z.array(z.string()) }),
  z.object({ type: z.literal('read'), accountId: z.string(), ids: z.array(z.string()).nullable() }),
  z.object({ type: z.literal('withdrawn'), notificationId: z.string() }),
]);
export type BellBusEvent = z.infer<typeof busEventSchema>;

export interface LiveBellOptions extends AccountStreamsOptions {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/** The open bells of this instance, kept current from the event bus (created, read, withdrawn). */
export class LiveBell {
  private readonly streams: AccountStreams;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly options: LiveBellOptions) {
    this.streams = new AccountStreams(options);
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.options.bus.subscribe(CHANNEL, (payload) => void this.deliver(payload));
    this.streams.start();
  }

  open(reply: FastifyReply, account: SessionAccount, claims: TokenClaims): void {
    this.streams.open(reply, account, claims);
  }

  /** The change is saved already; a bus that is down must not turn that into a failure: bells catch up when they reconnect. */
  async publish(event: BellBusEvent): Promise<void> {
    try {
      await this.options.bus.publish(CHANNEL, JSON.stringify(event));
    } catch (error) {
      this.options.log.error({ err: error, event: event.type }, 'bell update not published; open bells catch up when they reconnect');
    }
  }

  private async deliver(payload: string): Promise<void> {
    try {
      const event = busEventSchema.parse(JSON.parse(payload));
      if (event.type === 'created') await this.created(event.notificationId, event.accountIds);
      else if (event.type === 'read') await this.read(event.accountId, event.ids);
      else await this.withdrawn(event.notificationId);
    } catch (error) {
      this.options.log.warn({ err: error }, 'a bell update was not delivered to open bells');
    }
  }

  private send(accountId: string, event: NotificationStreamEvent): void {
    const data = JSON.stringify(event);
    for (const connection of this.streams.of(accountId)) connection.stream.send(event.type, data);
  }

  /** Accounts of `accountIds` with a bell open here. */
  private connected(accountIds: Iterable<string>): string[] {
    return [...new Set(accountIds)].filter((accountId) => this.streams.of(accountId).length > 0);
  }

  private async created(notificationId: string, accountIds: string[]): Promise<void> {
    const here = this.connected(accountIds);
    if (here.length === 0) return;
    const [rows, unread] = await Promise.all([repo.itemsOf(this.options.db, notificationId, here), repo.unreadCounts(this.options.db, here)]);
    for (const row of rows) {
      const item = toItem(row);
      if (item) this.send(row.account_id, { type: 'created', item, unread: unread.get(row.account_id) ?? 0 });
    }
  }

  private async read(accountId: string, ids: string[] | null): Promise<void> {
    if (this.connected([accountId]).length === 0) return;
    const unread = await repo.unreadCounts(this.options.db, [accountId]);
    this.send(accountId, { type: 'read', ids, unread: unread.get(accountId) ?? 0 });
  }

  private async withdrawn(notificationId: string): Promise<void> {
    const here = this.connected([...this.streams.all()].map((connection) => connection.account.id));
    const rows = await repo.recipientsAmong(this.options.db, notificationId, here);
    if (rows.length === 0) return;
    const unread = await repo.unreadCounts(this.options.db, rows.map((row) => row.account_id));
    for (const row of rows) this.send(row.account_id, { type: 'withdrawn', ids: [row.id], unread: unread.get(row.account_id) ?? 0 });
  }

  /** Before the server stops accepting: open streams would otherwise hold its close. */
  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.streams.close();
  }
}
