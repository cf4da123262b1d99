import type { IntegrityEvent } from '@academy/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sittingTransport } from '../api/send-answers';
import { AnswerQueue, stateWithChoicesInHand, type QueueState } from '../lib/answer-queue';
import type { QueueReading } from '../lib/sitting-phase';
import { SittingClosedError, type SittingKey, type SittingStore, type StoredAttempt } from '../lib/sitting-store';

// The sitting screen's side of the answer queue (lib/answer-queue.ts): one queue per open store,
// started while the screen is shown, and the attempt as the store holds it, read again after every
// change of the queue's state, so choices, flags, the deadline (extra time) and the clock on the
// screen are what IndexedDB holds, and the save state is what the server acknowledged.

export interface AnswerQueueView extends QueueReading {
  /** Choices made on this screen whose save is still being written: shown at once. */
  pending: Readonly<Record<string, string | null>>;
  choose: (questionId: string, optionId: string | null) => void;
  setFlag: (questionId: string, flagged: boolean) => void;
  handIn: () => void;
  recordEvent: (event: IntegrityEvent) => void;
  /** Sends again after a refusal that a new start fixed. */
  resume: () => void;
}

const IDLE: QueueState = { kind: 'saved' };

/**
 * `revision` changes when the start (or resume) has just been written to the store: the attempt is
 * read again and sending goes on (a new start fixes "This device has not started the paper").
 */
export function useAnswerQueue(store: SittingStore | null, key: SittingKey, revision: number): AnswerQueueView {
  const { accountId, paperId } = key;
  const queue = useMemo(() => (store ? new AnswerQueue({ store, key: { accountId, paperId }, transport: sittingTransport }) : null), [store, accountId, paperId]);
  const [state, setState] = useState<{ queue: AnswerQueue; state: QueueState } | null>(null);
  const [read, setRead] = useState<{ attempt: StoredAttempt | undefined; present: boolean }>({ attempt: undefined, present: false });
  // Each choice still being written, with its own number, so a quicker second choice is not undone by the first one's reading.
  const [pending, setPending] = useState<Record<string, { optionId: string | null; made: number }>>({});
  const choicesMade = useRef(0);
  // Readings may finish out of order; only the latest shows.
  const readings = useRef(0);
  // The store this screen uses now: one left behind is closed once its queue has nothing in hand.
  const storeInUse = useRef<SittingStore | null>(null);

  const reread = useCallback(async () => {
    if (!store) return;
    const ticket = ++readings.current;
    const attempt = await store.attempt({ accountId, paperId }).catch(() => undefined);
    if (ticket !== readings.current) return;
    setRead((previous) => ({ attempt: attempt ?? previous.attempt, present: attempt !== undefined }));
  }, [store, accountId, paperId]);

  useEffect(() => {
    if (!queue || !store) return;
    storeInUse.current = store;
    const unsubscribe = queue.subscribe((next) => {
      setState({ queue, state: next });
      void reread();
    });
    void queue.start();
    // The last request the page may send (the phone locks, the tab closes) goes now, with keepalive.
    const sendNow = () => {
      if (document.visibilityState === 'hidden') queue.resume();
    };
    const listening = new AbortController();
    document.addEventListener('visibilitychange', sendNow, { signal: listening.signal });
    window.addEventListener('pagehide', () => queue.resume(), { signal: listening.signal });
    return () => {
      listening.abort();
      unsubscribe();
      queue.stop();
      storeInUse.current = null;
      // Once a request in hand is written down; not when the same screen takes the store up again (StrictMode's second run).
      void queue.settled().finally(() => {
        if (storeInUse.current !== store) store.close();
      });
    };
  }, [queue, store, reread]);

  useEffect(() => {
    void reread();
    if (revision > 0) queue?.resume();
  }, [queue, reread, revision]);

  const choose = useCallback(
    (questionId: string, optionId: string | null) => {
      if (!queue) return;
      const made = ++choicesMade.current;
      setPending((shown) => ({ ...shown, [questionId]: { optionId, made } }));
      void (async () => {
        try {
          await queue.choose(questionId, optionId);
        } catch (error) {
          // The attempt takes no more choices (time up, handing in): the store's choice stands.
          if (!(error instanceof SittingClosedError)) console.error('A choice could not be kept', error);
        }
        await reread();
        setPending((shown) => {
          if (shown[questionId]?.made !== made) return shown;
          const { [questionId]: _written, ...others } = shown;
          return others;
        });
      })();
    },
    [queue, reread],
  );

  const setFlag = useCallback(
    (questionId: string, flagged: boolean) => {
      if (!store) return;
      void store
        .setFlag({ accountId, paperId }, questionId, flagged)
        .then(reread)
        .catch(() => undefined);
    },
    [store, accountId, paperId, reread],
  );

  const handIn = useCallback(() => void queue?.handIn(), [queue]);
  const recordEvent = useCallback(
    (event: IntegrityEvent) => {
      // A period that ends as the screen closes after the hand-in has no attempt left to go with.
      if (!queue || queue.state.kind === 'handed-in' || queue.state.kind === 'time-up') return;
      void queue.recordEvent(event).catch(() => undefined);
    },
    [queue],
  );
  const resume = useCallback(() => queue?.resume(), [queue]);

  const pendingChoices = useMemo(() => Object.fromEntries(Object.entries(pending).map(([questionId, choice]) => [questionId, choice.optionId])), [pending]);

  return {
    state: stateWithChoicesInHand(state && state.queue === queue ? state.state : IDLE, Object.keys(pending).length),
    attempt: read.attempt,
    present: read.present,
    pending: pendingChoices,
    choose,
    setFlag,
    handIn,
    recordEvent,
    resume,
  };
}
