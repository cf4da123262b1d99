// At most NOTIFY_MAIL_PER_MINUTE notification e-mails a minute from this instance: most SMTP
// providers limit senders per minute, and a mail refused for pace would only be retried later.
// Real time, not the notifications clock: it paces a connection, not a rule.

const WINDOW_MS = 60_000;

export class MailPace {
  private readonly sent: number[] = [];

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Waits until one more mail fits in the last minute, then counts it. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.now();
      while (this.sent.length > 0 && (this.sent[0] as number) <= now - WINDOW_MS) this.sent.shift();
      if (this.sent.length < this.perMinute) {
        this.sent.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, (this.sent[0] as number) + WINDOW_MS - now));
    }
  }
}
