import { useMemo } from 'react';
import { ServerClock, type ClockSample } from '../lib/server-clock';

/**
 * The server's clock as this device estimates it (docs/papers.md, 'Time'), from the sample
 * the attempt keeps: the start's, bettered by every acknowledged save. A new sample makes a new
 * clock, so whatever reads it (the countdown, the integrity periods) follows the better estimate.
 */
export function useServerClock(sample: ClockSample | null | undefined): ServerClock {
  const offsetMs = sample?.offsetMs;
  const rttMs = sample?.rttMs;
  return useMemo(() => new ServerClock(offsetMs === undefined || rttMs === undefined ? null : { offsetMs, rttMs }), [offsetMs, rttMs]);
}
