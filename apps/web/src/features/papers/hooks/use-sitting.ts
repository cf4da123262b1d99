import { startBodySchema, type SittingQuestion } from '@academy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { keepPageWhilePaperRuns } from '../../../lib/service-worker';
import { paperKeys } from '../api/query-keys';
import { startPaper } from '../api/start-paper';
import { openSittingStore } from '../lib/open-sitting-store';
import { betterSample, type ServerClock } from '../lib/server-clock';
import type { SittingKey } from '../lib/sitting-store';
import { endOfRefusal, shownChoices, sittingPhase, type SittingBoot, type SittingPhase } from '../lib/sitting-phase';
import { useAnswerQueue, type AnswerQueueView } from './use-answer-queue';
import { useTimeUp } from './use-countdown';
import { useIntegrityEvents } from './use-integrity-events';
import { keepQuestionImages } from './use-question-image';
import { useServerClock } from './use-server-clock';

// The sitting screen's state machine (docs/design/papers-build-plan.md, section 5, 'Flow'):
// loading, sitting, handing in, handed in, time up. A paper this device already holds opens at
// once from IndexedDB, offline too; the start call (which also resumes) then refreshes it when the
// line allows. From there the answer queue's state and the store decide what the screen shows.

const DEVICE_KEY = 'paper-device-key';

/**
 * This browser's own key: the same browser resumes as the same device (docs/papers.md,
 * 'Another device'). Log Out clears it with the rest of localStorage, as it deletes the papers kept.
 */
export function browserDeviceKey(): string {
  const kept = localStorage.getItem(DEVICE_KEY);
  if (kept && startBodySchema.shape.deviceKey.safeParse(kept).success) return kept;
  const made = crypto.randomUUID();
  try {
    localStorage.setItem(DEVICE_KEY, made);
  } catch {
    // Storage refused: this page still sits as one device.
  }
  return made;
}

/** A request that got no answer, or one the server could not take now: the paper goes on from what this device holds. */
function passing(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

interface BootOutput {
  cancelled: () => boolean;
  report: (boot: SittingBoot) => void;
}

async function bootSitting(key: SittingKey, out: BootOutput): Promise<void> {
  const { store, kept } = await openSittingStore();
  if (out.cancelled()) {
    store.close();
    return;
  }
  await store.sweep().catch(() => 0);
  const stored = await store.attempt(key).catch(() => undefined);
  let revision = 0;
  const ready = () => out.report({ kind: 'ready', store, kept, revision: revision++ });
  if (stored) ready();
  const deviceKey = stored?.deviceKey ?? browserDeviceKey();
  try {
    const { start, clock } = await startPaper(key.paperId, { deviceKey });
    await store.saveStart(key, start, { deviceKey, clock: clock ? betterSample(stored?.clock, clock) : (stored?.clock ?? null) });
    ready();
    void keepQuestionImages(store, key.paperId, start.questions);
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    const end = endOfRefusal(status, error instanceof ApiError ? error.body : null);
    if (end && stored) {
      // Handed in from another device, or past the time and its grace: the queue hands in what
      // this device holds, and the server's answer names the choices that counted.
      await store.wantHandIn(key).catch(() => undefined);
      ready();
      return;
    }
    if (stored && passing(status)) return;
    // The api client has sent the student to sign in again; the kept answers wait for them.
    if (status === 401) return;
    if (!stored) store.close();
    if (end) out.report({ kind: 'ended', end });
    else out.report({ kind: 'unavailable', problem: error instanceof ApiError ? { kind: 'refused', error } : { kind: 'offline' } });
  }
}

export interface Sitting {
  phase: SittingPhase;
  /** False when this browser refused IndexedDB: the answers live only while the tab stays open. */
  kept: boolean;
  queue: AnswerQueueView;
  /** In the student's order; empty before the paper is read. */
  questions: SittingQuestion[];
  choices: Record<string, string | null>;
  flags: ReadonlySet<string>;
  clock: ServerClock;
  /** The deadline has passed by the server's clock: no more choices. */
  timeUp: boolean;
  /** Opens the paper again (after a refusal, or with the line back). */
  restart: () => void;
}

export function useSitting(paperId: string): Sitting {
  const accountId = readSession()?.id ?? '';
  const key = useMemo<SittingKey>(() => ({ accountId, paperId }), [accountId, paperId]);
  const [run, setRun] = useState(0);
  const [boot, setBoot] = useState<SittingBoot>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    bootSitting(key, { cancelled: () => cancelled, report: (next) => !cancelled && setBoot(next) }).catch((error: unknown) => {
      console.error('The paper could not be opened', error);
      if (!cancelled) setBoot({ kind: 'unavailable', problem: { kind: 'offline' } });
    });
    return () => {
      cancelled = true;
    };
  }, [key, run]);

  const ready = boot.kind === 'ready' ? boot : null;
  const queue = useAnswerQueue(ready?.store ?? null, key, ready?.revision ?? 0);
  const phase = sittingPhase(boot, queue);
  const running = phase.kind === 'sitting' || phase.kind === 'handing-in' ? phase.attempt : null;
  const clock = useServerClock(queue.attempt?.clock);
  const timeUp = useTimeUp(clock, running?.deadline ?? null);

  // At the deadline the screen stops taking choices and hands in by itself, sending what waits.
  const sitting = phase.kind === 'sitting';
  const { handIn } = queue;
  useEffect(() => {
    if (sitting && timeUp) handIn();
  }, [sitting, timeUp, handIn]);

  const taking = running !== null;
  useEffect(() => (taking ? keepPageWhilePaperRuns() : undefined), [taking]);
  useIntegrityEvents(taking ? queue.recordEvent : null, clock);

  // The paper's page and its card now say "Handed in".
  const queryClient = useQueryClient();
  const handedIn = phase.kind === 'handed-in';
  useEffect(() => {
    if (handedIn) void queryClient.invalidateQueries({ queryKey: paperKeys.all });
  }, [handedIn, queryClient]);

  const restart = useCallback(() => {
    setBoot({ kind: 'loading' });
    setRun((count) => count + 1);
  }, []);

  const { attempt, pending } = queue;
  const choices = useMemo(() => shownChoices(attempt, pending), [attempt, pending]);
  const flagList = attempt?.flags;
  const flags = useMemo(() => new Set(flagList ?? []), [flagList]);

  return {
    phase,
    kept: ready?.kept ?? true,
    queue,
    questions: queue.attempt?.questions ?? [],
    choices,
    flags,
    clock,
    timeUp,
    restart,
  };
}
