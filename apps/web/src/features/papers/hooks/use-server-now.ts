import { useEffect, useState } from 'react';

// A paper's state line and its "You will have 38 of 60 minutes" are worked out from the server's
// time, not the device's (docs/papers.md, 'Time'), and redrawn every 30 s. The answer that
// brought the paper says what the server's time was; from then on this device's clock moves it on.

const REDRAW_MS = 30 * 1000;

/**
 * The server's time now (ms), as of `serverNow` (an answer's) and redrawn every 30 s. `offsetMs`
 * is how far the server's clock is ahead of this device's when the caller measured it (a round
 * trip's estimate); without it, the answer is taken as just received.
 */
export function useServerNow(serverNow: string, offsetMs?: number): number {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  const [shown, setShown] = useState(serverNow);
  // A newer answer (a refetch) restarts the clock from its own time.
  if (shown !== serverNow) {
    setShown(serverNow);
    setNow(Date.parse(serverNow));
  }
  useEffect(() => {
    const offset = offsetMs ?? Date.parse(serverNow) - Date.now();
    const timer = window.setInterval(() => setNow(Date.now() + offset), REDRAW_MS);
    return () => window.clearInterval(timer);
  }, [serverNow, offsetMs]);
  return now;
}
