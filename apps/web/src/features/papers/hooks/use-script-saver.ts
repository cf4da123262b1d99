import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; error: Error };

/** How long after the last change a save goes out: a marker's strokes and keystrokes are one save, not dozens. */
const QUIET_MS = 700;

/**
 * Keeps the marker's work as they go: `schedule` saves after a quiet moment, `flush` at once (a
 * page turned, the next script, Done). Saves go one at a time, the latest work each time.
 */
export function useDebouncedSave(save: () => Promise<void>) {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const timer = useRef<number | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  /** Work not saved yet: a flush with nothing new sends nothing. */
  const dirty = useRef(false);
  const latest = useRef(save);
  useLayoutEffect(() => {
    latest.current = save;
  });

  const run = useCallback(async (): Promise<void> => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
    if (running.current) {
      if (dirty.current) again.current = true;
      return running.current;
    }
    if (!dirty.current) return;
    setState({ kind: 'saving' });
    const job = (async () => {
      try {
        do {
          again.current = false;
          dirty.current = false;
          await latest.current();
        } while (again.current);
        setState({ kind: 'saved' });
      } catch (error) {
        dirty.current = true;
        setState({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
        throw error;
      } finally {
        running.current = null;
      }
    })();
    running.current = job;
    return job;
  }, []);

  const schedule = useCallback(() => {
    dirty.current = true;
    setState((shown) => (shown.kind === 'saving' ? shown : { kind: 'saving' }));
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void run().catch(() => undefined), QUIET_MS);
  }, [run]);

  // Leaving the screen saves what is still waiting.
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      if (dirty.current) void latest.current().catch(() => undefined);
    },
    [],
  );

  return { state, schedule, flush: run };
}
