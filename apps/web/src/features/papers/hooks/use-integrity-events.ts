import type { IntegrityEvent, IntegrityEventKind } from '@academy/contract';
import { useEffect, useRef } from 'react';
import type { ServerClock } from '../lib/server-clock';

// The periods the tutor sees beside an attempt (docs/papers.md, 'Integrity'): the page
// hidden (another app, another tab, the phone locked) and the line down. Each period is recorded
// when it ends and goes to the server with the next saves or the hand-in. Times are the server's
// clock as this device estimates it, so the periods line up with the start and the deadline.

/** The periods under way; ending one gives the event to record. */
export class OpenPeriods {
  private readonly since = new Map<IntegrityEventKind, number>();

  constructor(private readonly makeId: () => string = () => crypto.randomUUID()) {}

  /** A period begins; one already under way keeps its beginning. */
  begin(kind: IntegrityEventKind, at: number): void {
    if (!this.since.has(kind)) this.since.set(kind, at);
  }

  /** The period ends: its event, or null when none was under way. */
  end(kind: IntegrityEventKind, at: number): IntegrityEvent | null {
    const from = this.since.get(kind);
    if (from === undefined) return null;
    this.since.delete(kind);
    return { id: this.makeId(), kind, from: new Date(from).toISOString(), to: new Date(Math.max(from, at)).toISOString() };
  }

  /** Every period under way ends now (the sitting screen is left). */
  endAll(at: number): IntegrityEvent[] {
    return [...this.since.keys()].flatMap((kind) => this.end(kind, at) ?? []);
  }
}

/** Records page-away and offline periods while `record` is given (the attempt takes choices). */
export function useIntegrityEvents(record: ((event: IntegrityEvent) => void) | null, clock: ServerClock): void {
  // Read when a period begins or ends, so a better estimate never cuts a period in two.
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);

  useEffect(() => {
    if (!record) return;
    const periods = new OpenPeriods();
    const now = () => clockRef.current.now();
    const ended = (event: IntegrityEvent | null) => {
      if (event) record(event);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') periods.begin('away', now());
      else ended(periods.end('away', now()));
    };
    const onOffline = () => periods.begin('offline', now());
    const onOnline = () => ended(periods.end('offline', now()));
    if (document.visibilityState === 'hidden') periods.begin('away', now());
    if (!navigator.onLine) periods.begin('offline', now());
    const listening = new AbortController();
    document.addEventListener('visibilitychange', onVisibility, { signal: listening.signal });
    window.addEventListener('offline', onOffline, { signal: listening.signal });
    window.addEventListener('online', onOnline, { signal: listening.signal });
    return () => {
      listening.abort();
      for (const event of periods.endAll(now())) record(event);
    };
  }, [record]);
}
