// A job's progress, written to its row as it goes: at most once per `everyMs` (ffmpeg reports many
// times a second), one write after another, and `settled()` waits for the last one. The job's final
// write (done, 100 %) goes after `settled()`, so a late progress write can never land on top of it.

export interface ProgressWrites {
  offer(percent: number): void;
  settled(): Promise<void>;
}

export function progressWrites(everyMs: number, write: (percent: number) => Promise<void>): ProgressWrites {
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
