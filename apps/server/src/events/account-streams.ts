import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { SessionAccount, TokenClaims } from '../plugins/auth';
import { openEventStream, type EventStream } from './event-stream';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/** One open stream and the account behind it, as of its last re-check. */
export interface AccountStream {
  readonly claims: TokenClaims;
  account: SessionAccount;
  readonly stream: EventStream;
}

export interface AccountStreamsOptions {
  /** The account behind a stream's token now, or null once its session or account has ended. */
  resolve: (claims: TokenClaims) => Promise<SessionAccount | null>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
  recheckMs: number;
}

/**
 * The open Server-Sent Events streams of this instance, each tied to a signed-in account and
 * indexed by it. Accounts are re-checked every `recheckMs`: a suspended, deleted or signed-out
 * (token version moved) account's stream is ended, and a changed profile is seen by whoever writes
 * to the stream next. A feature writes its own events; this only keeps the connections honest.
 */
export class AccountStreams {
  private readonly byAccount = new Map<string, Set<AccountStream>>();
  private timer: NodeJS.Timeout | null = null;
  private rechecking = false;

  constructor(private readonly options: AccountStreamsOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.recheck(), this.options.recheckMs);
    this.timer.unref();
  }

  open(reply: FastifyReply, account: SessionAccount, claims: TokenClaims): AccountStream {
    const stream = openEventStream(reply, { heartbeatMs: this.options.heartbeatMs, retryMs: RETRY_MS });
    const connection: AccountStream = { claims, account, stream };
    const own = this.byAccount.get(account.id) ?? new Set<AccountStream>();
    own.add(connection);
    this.byAccount.set(account.id, own);
    stream.onClose(() => {
      own.delete(connection);
      if (own.size === 0 && this.byAccount.get(account.id) === own) this.byAccount.delete(account.id);
    });
    return connection;
  }

  /** Every open stream of this instance. */
  *all(): Iterable<AccountStream> {
    for (const own of [...this.byAccount.values()]) yield* [...own];
  }

  /** The open streams of one account on this instance (none when it has none here). */
  of(accountId: string): AccountStream[] {
    return [...(this.byAccount.get(accountId) ?? [])];
  }

  get size(): number {
    let count = 0;
    for (const own of this.byAccount.values()) count += own.size;
    return count;
  }

  /** One pass over this instance's streams; a pass still running makes the next one wait its turn. */
  async recheck(): Promise<void> {
    if (this.rechecking) return;
    this.rechecking = true;
    try {
      const nowSeconds = Date.now() / 1000;
      for (const connection of this.all()) {
        const expired = connection.claims.exp !== undefined && connection.claims.exp <= nowSeconds;
        const account = expired ? null : await this.options.resolve(connection.claims);
        if (!account) {
          connection.stream.close();
          continue;
        }
        connection.account = account;
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'live stream re-check failed; trying again at the next one');
    } finally {
      this.rechecking = false;
    }
  }

  /** Ends every stream and the re-checks. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const connection of this.all()) connection.stream.close();
  }
}
