// Speed and time left of an upload, over the last few seconds: a line that slows or recovers shows
// at once, while one slow moment does not swing the estimate.

const WINDOW_MS = 5000;

export interface TransferSample {
  at: number;
  sent: number;
}

/** The samples kept for the estimate: the newest one added, those older than the window let go (one kept as the base). */
export function addSample(samples: TransferSample[], sample: TransferSample): TransferSample[] {
  const kept = [...samples, sample];
  while (kept.length > 2 && sample.at - (kept[1]?.at ?? sample.at) >= WINDOW_MS) kept.shift();
  return kept;
}

/** Bytes per second over the samples, or null until there is a second's worth to go on. */
export function bytesPerSecond(samples: TransferSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < 1000) return null;
  return ((last.sent - first.sent) * 1000) / (last.at - first.at);
}

/** Seconds until `total` at `rate`, or null when the rate says nothing. */
export function secondsLeft(sent: number, total: number, rate: number | null): number | null {
  return rate && rate > 0 ? Math.ceil((total - sent) / rate) : null;
}
