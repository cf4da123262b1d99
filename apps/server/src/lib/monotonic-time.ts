let last = 0;

/**
 * Now as ISO-8601, always later than the previous answer of this process, even within one
 * millisecond: rows listed newest first (messages, audit entries) keep the order they were written
 * in, and a marker never falls between two rows of the same time.
 */
export function strictlyIncreasingNow(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
