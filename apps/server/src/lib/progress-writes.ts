// A job's progress, written to its row as it goes: at most once per `everyMs` (ffmpeg reports many
// times a second), one write after another, and `settled()` waits for the last one. The job's final
// write (done, 100 %) goes after `settled()`, so a late progress write can never land on top of it.

export interface ProgressWrites {
  offer(percent: number): void;
  settled(): Promise<void>;
}

/** A 2-hour lesson's ffmpeg reports many times a second; a row written once a second is enough to watch. */
const EVERY_MS = 1000;

export function progressWrites(write: (percent: number) => Promise<void>, everyMs = EVERY_MS): ProgressWrites {
  let writtenAt = 0;
  let chain = Promise.resolve();
  return {
    offer(percent) {
      if (Date.now() - writtenAt < everyMs) return;
      writtenAt = Date.now();
      // A failed progress write costs only a stale percentage: the job goes on.
      chain = chain.then(() => write(percent)).catch(() => undefined);
    },
    settled: () => chain,
  };
}
