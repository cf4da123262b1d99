// The server owns a paper's time (docs/papers.md, 'Time'): the countdown must be the
// server's even when the phone's clock is minutes wrong. Every sitting answer carries `serverNow`;
// the server read it somewhere between our send and our receipt, so the offset is estimated at
// the round trip's middle, and the estimate of the quickest round trip is kept, since its error
// is at most half that trip (the NTP way).

/** How far the server's clock is ahead of this device's (`offsetMs`), and how sure we are (`rttMs`). */
export interface ClockSample {
  offsetMs: number;
  rttMs: number;
}

/**
 * The estimate one exchange gives: `sentAt` and `receivedAt` on this device's clock (ms),
 * `serverNow` as the server wrote it. Null when this device's clock ran backwards meanwhile.
 */
export function clockSample(sentAt: number, receivedAt: number, serverNow: string | number): ClockSample | null {
  const server = new Date(serverNow).getTime();
  const rttMs = receivedAt - sentAt;
  if (!Number.isFinite(server) || !(rttMs >= 0)) return null;
  return { offsetMs: server - (sentAt + receivedAt) / 2, rttMs };
}

/**
 * The estimate to keep. The quicker round trip wins, unless the two cannot both be true: each
 * sample puts the true offset within ±rtt/2 of its own, and when those ranges do not meet, one of
 * the clocks has jumped since the kept sample (the phone was set by hand, or synced), so the
 * newer one is the truth now.
 */
export function betterSample(kept: ClockSample | null | undefined, next: ClockSample): ClockSample {
  if (!kept) return next;
  const apart = Math.abs(next.offsetMs - kept.offsetMs);
  if (apart > (kept.rttMs + next.rttMs) / 2) return next;
  return next.rttMs < kept.rttMs ? next : kept;
}

/** The server's time as this device estimates it, from the kept sample. */
export function serverNow(sample: ClockSample | null | undefined, localNow: number = Date.now()): number {
  return localNow + (sample?.offsetMs ?? 0);
}

/** A running estimate: the answer queue and the countdown feed it and read it. */
export class ServerClock {
  private kept: ClockSample | null;

  constructor(
    initial: ClockSample | null = null,
    private readonly localNow: () => number = Date.now,
  ) {
    this.kept = initial;
  }

  /** Takes one exchange into account; answers the sample kept afterwards. */
  observe(sentAt: number, receivedAt: number, serverTime: string | number): ClockSample | null {
    const sample = clockSample(sentAt, receivedAt, serverTime);
    if (sample) this.kept = betterSample(this.kept, sample);
    return this.kept;
  }

  get sample(): ClockSample | null {
    return this.kept;
  }

  /** The server's time now (ms since the epoch), as well as this device can tell. */
  now(): number {
    return serverNow(this.kept, this.localNow());
  }
}
