import type { SessionAccount } from '../../plugins/auth';

interface Entry {
  caller: SessionAccount;
  tokenVersion: number;
  /** When the session itself expires (ms since the epoch), checked on every hit. */
  sessionExpiresAt: number;
  /** When this entry must be read again from the database (ms since the epoch). */
  freshUntil: number;
}

/**
 * Who a session's token speaks for, remembered for a few seconds so the account check of every
 * request (the feed's and every other call's) is not a database query each time.
 *
 * It never outlives a change: any successful write through any instance clears it (the session
 * store is told, and tells the other instances through the event bus), and a generation counter
 * stops a read that began before the clear from storing what it read. The short lifetime bounds
 * the one case left, a change made outside the server (the create-admin command).
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** A remembered caller for this session and token version, if still fresh. */
  get(sessionId: string, tokenVersion: number, now: Date): SessionAccount | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    const at = now.getTime();
    if (entry.freshUntil <= at || entry.sessionExpiresAt <= at || entry.tokenVersion !== tokenVersion) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.caller;
  }

  /** The generation to hand back to `set`: a clear in between makes that set a no-op. */
  begin(): number {
    return this.generation;
  }

  /** `sessionExpiresAt` is the session's expires_at (ISO-8601), kept as a number for the checks. */
  set(generation: number, caller: SessionAccount, tokenVersion: number, sessionExpiresAt: string, now: Date): void {
    if (generation !== this.generation) return;
    // Oldest first out: a burst of one-off tokens must not grow the map without end.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(caller.sessionId, { caller, tokenVersion, sessionExpiresAt: Date.parse(sessionExpiresAt), freshUntil: now.getTime() + this.ttlMs });
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
