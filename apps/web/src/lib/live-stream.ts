import { ApiError } from './api-error';
import { endRefusedSession } from './sign-out';

export type LiveStatus = 'connecting' | 'live' | 'offline';

export interface LiveStreamOptions {
  /** Reads the stream until the server ends it, calling `onOpen` once connected; throws on a refusal. */
  read: (signal: AbortSignal, onOpen: () => void) => Promise<void>;
  /**
   * Connected, the first time or after a break. What changed while no stream was open is read
   * again: the screen read its data a moment before its stream opened, or before the break.
   */
  onConnected: () => void;
  onStatus?: (status: LiveStatus) => void;
}

/** Waits before reconnecting: 1 s, doubling to 30 s, with jitter so a restarted server is not hit at once. */
function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
}

/**
 * Keeps a live stream open: reconnects after a break with reconnectDelay, ends the session when
 * the server refuses the token. Answers the function that closes it (an effect's cleanup).
 */
export function keepLiveStream({ read, onConnected, onStatus }: LiveStreamOptions): () => void {
  const controller = new AbortController();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    onStatus?.('connecting');
    try {
      await read(controller.signal, () => {
        attempt = 0;
        onStatus?.('live');
        onConnected();
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 401) {
        endRefusedSession();
        return;
      }
    }
    if (controller.signal.aborted) return;
    onStatus?.('offline');
    timer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };
  void connect();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
