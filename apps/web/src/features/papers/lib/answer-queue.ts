import {
  MAX_EVENTS_PER_REQUEST,
  MAX_SAVES_PER_REQUEST,
  type AnswersAnswer,
  type AnswersBody,
  type HandInAnswer,
  type HandInBody,
  type IntegrityEvent,
  type PaperRefusal,
  type Save,
} from '@academy/contract';
import { latestPerQuestion, nextBatch } from './answer-batch';
import { betterSample, clockSample } from './server-clock';
import type { SittingKey, SittingStore, StoredAttempt } from './sitting-store';

// The sender of a running paper's saves (docs/papers.md, 'Saving answers' and 'Offline';
// papers-build-plan.md section 5). Every choice is in IndexedDB before anything is sent; the
// sender sends what waits, one request at a time per paper across the browser's tabs, and forgets
// a save only when the server's answer names it. The screen's "Saved", "Saving…", "Offline: N
// answers waiting" and "Not sent: time was up" come from `state`, which is worked out from what
// the server acknowledged, never from what was sent.

/** What the sitting calls answer on 200 (the answer's `data`). */
export type AnswersData = AnswersAnswer['data'];
export type HandInData = HandInAnswer['data'];

/**
 * The sitting calls. Each resolves with the answer's `data` on 200; an answer with another status
 * rejects with an error that has that `status` (and the refusal as `body`), as the api client's
 * ApiError does; a request that got no answer rejects with anything else.
 */
export interface AnswerTransport {
  sendAnswers(paperId: string, body: AnswersBody): Promise<AnswersData>;
  handIn(paperId: string, body: HandInBody): Promise<HandInData>;
}

export type QueueState =
  /** Every choice made is acknowledged. */
  | { kind: 'saved' }
  /** Choices wait and a request is on its way, or about to be (the hand-in too). */
  | { kind: 'saving'; waiting: number }
  /** The last request got no answer (or the server could not take it now); sent again by itself. */
  | { kind: 'offline'; waiting: number; retryInMs: number }
  /** The session ended: everything is kept until the student signs in again and `resume()` is called. */
  | { kind: 'signed-out'; waiting: number }
  /** A refusal that sending again cannot fix (the paper must be opened again); everything is kept. */
  | { kind: 'failed'; waiting: number; status: number }
  /** The server refused saves after the deadline and grace; `refused` names the choices that did not count. */
  | { kind: 'time-up'; refused: Save[] }
  /** Handed in: by this queue (`answer`), or from another device (then `refused` are what came too late). */
  | { kind: 'handed-in'; handedInAt: string | null; answer: HandInData | null; refused: Save[] };

/** What the Web Locks API offers, as much as the sender uses. */
export interface LockRequester {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
}

/** The browser around the queue; tests hand in their own. */
export interface QueueEnvironment {
  /** One sender per paper across tabs; null where the browser has no Web Locks. */
  locks: LockRequester | null;
  /** Where the browser says it is back `online` (the window). */
  network: EventTarget | null;
  /** Without locks a tab sends only while it is visible: where `visibilitychange` fires, and the test. */
  page: { target: EventTarget; visible(): boolean } | null;
  now(): number;
  /** Runs `run` after `ms`; answers a function that cancels it. */
  setTimer(run: () => void, ms: number): () => void;
}

export interface AnswerQueueOptions {
  store: SittingStore;
  key: SittingKey;
  transport: AnswerTransport;
  environment?: Partial<QueueEnvironment>;
}

/** Retry waits after requests that got no answer: 1, 2, 4, 8 s, then 15 s each. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15000] as const;

function browserEnvironment(): QueueEnvironment {
  const hasWindow = typeof window !== 'undefined';
  const hasDocument = typeof document !== 'undefined';
  return {
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
    network: hasWindow ? window : null,
    page: hasDocument ? { target: document, visible: () => document.visibilityState !== 'hidden' } : null,
    now: Date.now,
    setTimer(run, ms) {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    },
  };
}

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/** The fields of a 409 the queue reads; the body is the contract's paper refusal. */
type RefusalFields = Partial<Pick<PaperRefusal, 'deadline' | 'acceptedUntil' | 'handedInAt' | 'current'>>;

function refusalOf(error: unknown): RefusalFields {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : null;
  return typeof body === 'object' && body !== null ? (body as RefusalFields) : {};
}

/** Statuses that may pass if the same request is sent again later. */
function passing(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

type Problem = { kind: 'offline'; retryInMs: number } | { kind: 'signed-out' } | { kind: 'failed'; status: number } | null;

export class AnswerQueue {
  private readonly store: SittingStore;
  private readonly key: SittingKey;
  private readonly transport: AnswerTransport;
  private readonly env: QueueEnvironment;
  private readonly listeners = new Set<(state: QueueState) => void>();
  private current: QueueState = { kind: 'saved' };
  private problem: Problem = null;
  private failures = 0;
  private cancelRetry: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private finished: QueueState | null = null;
  private reads = 0;
  private shown = 0;

  constructor(options: AnswerQueueOptions) {
    this.store = options.store;
    this.key = options.key;
    this.transport = options.transport;
    this.env = { ...browserEnvironment(), ...options.environment };
  }

  get state(): QueueState {
    return this.current;
  }

  /** Calls `listener` with every new state; answers the function that stops it. */
  subscribe(listener: (state: QueueState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts listening to the browser and sends whatever an earlier page left waiting. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.env.network?.addEventListener('online', this.onOnline);
    if (!this.env.locks) this.env.page?.target.addEventListener('visibilitychange', this.onVisible);
    await this.refresh();
    this.wake();
  }

  /** Stops sending (the page is left); what waits stays in the store for the next page. */
  stop(): void {
    this.started = false;
    this.env.network?.removeEventListener('online', this.onOnline);
    this.env.page?.target.removeEventListener('visibilitychange', this.onVisible);
    this.cancelRetry?.();
    this.cancelRetry = null;
  }

  /** A choice, change (`optionId`) or clearing (`null`): kept first, then sent. */
  async choose(questionId: string, optionId: string | null): Promise<Save> {
    const { seq } = await this.store.recordChoice(this.key, questionId, optionId, this.env.now());
    await this.refresh();
    this.wake();
    return { seq, questionId, optionId };
  }

  /** A page-away or offline period: it goes with the next saves or the hand-in. */
  async recordEvent(event: IntegrityEvent): Promise<void> {
    await this.store.recordEvent(this.key, event);
  }

  /** Hand in: the sender's next request is the hand-in, with whatever still waits; tried at once. */
  async handIn(): Promise<void> {
    await this.store.wantHandIn(this.key);
    this.retryNow();
  }

  /** After signing in again, or after opening the paper again: sending goes on. */
  resume(): void {
    if (this.problem?.kind === 'signed-out' || this.problem?.kind === 'failed') this.problem = null;
    this.retryNow();
  }

  /** Resolves when the sender has nothing in hand: for tests and for a page about to close. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private readonly onOnline = () => this.retryNow();

  private readonly onVisible = () => {
    if (this.env.page?.visible()) this.wake();
  };

  private retryNow(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.failures = 0;
    if (this.problem?.kind === 'offline') this.problem = null;
    void this.refresh();
    this.wake();
  }

  /** Starts a send unless one runs (it then looks again when done), a retry is timed, or sending waits for the student. */
  private wake(): void {
    if (!this.started || this.finished || this.cancelRetry || (this.problem && this.problem.kind !== 'offline')) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.again = false;
    const run = this.run().finally(() => {
      this.running = null;
      if (this.again) this.wake();
    });
    this.running = run;
  }

  private async run(): Promise<void> {
    if (this.env.locks) await this.env.locks.request(`paper-send:${this.key.paperId}`, () => this.drain());
    else if (!this.env.page || this.env.page.visible()) await this.drain();
  }

  /** Sends until nothing waits, a request fails, or the page stops the queue. */
  private async drain(): Promise<void> {
    while (this.started) {
      this.again = false;
      const { attempt, saves, events } = await this.store.waiting(this.key);
      if (!attempt || attempt.ended) {
        await this.refresh();
        return;
      }
      const batch = nextBatch(saves);
      const handIn = attempt.handIn === 'wanted' && latestPerQuestion(saves).length <= MAX_SAVES_PER_REQUEST;
      if (!handIn && batch.length === 0) {
        await this.refresh();
        return;
      }
      const sentEvents = events.slice(0, MAX_EVENTS_PER_REQUEST).map(({ id, kind, from, to }) => ({ id, kind, from, to }));
      const body = { device: attempt.device, saves: batch, ...(sentEvents.length > 0 ? { events: sentEvents } : {}) };
      this.showNow({ kind: 'saving', waiting: waitingCount(attempt) });
      const sentAt = this.env.now();
      try {
        if (handIn) {
          const answer = await this.transport.handIn(this.key.paperId, body);
          await this.store.forget(this.key);
          this.finish({ kind: 'handed-in', handedInAt: answer.handedInAt, answer, refused: [] });
          return;
        }
        const answer = await this.transport.sendAnswers(this.key.paperId, body);
        const sample = clockSample(sentAt, this.env.now(), answer.serverNow);
        await this.store.acknowledge(this.key, {
          sent: batch,
          applied: answer.applied,
          ignored: answer.ignored,
          current: answer.current ?? [],
          sentEvents: sentEvents.map((event) => event.id),
          deadline: answer.deadline,
          acceptedUntil: answer.acceptedUntil,
          clock: sample ? betterSample(attempt.clock, sample) : attempt.clock,
        });
        this.failures = 0;
        this.problem = null;
      } catch (error) {
        await this.failed(error, batch);
        return;
      }
    }
  }

  private async failed(error: unknown, sent: Save[]): Promise<void> {
    const status = statusOf(error);
    if (status === 409) {
      const refusal = refusalOf(error);
      const end = refusal.handedInAt
        ? { reason: 'handed-in' as const, handedInAt: refusal.handedInAt }
        : refusal.acceptedUntil || refusal.deadline
          ? { reason: 'time-up' as const, ...(refusal.acceptedUntil ? { acceptedUntil: refusal.acceptedUntil } : {}) }
          : null;
      if (end) {
        const attempt = await this.store.recordRefusal(this.key, { sent, current: refusal.current ?? [], end });
        if (attempt) this.finish(endState(attempt));
        return;
      }
      // "This device has not started the paper": a new start must come first.
    }
    if (status === 401) this.problem = { kind: 'signed-out' };
    else if (status !== null && !passing(status)) this.problem = { kind: 'failed', status };
    else {
      const retryInMs = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)] ?? 15000;
      this.failures += 1;
      this.problem = { kind: 'offline', retryInMs };
      this.cancelRetry = this.env.setTimer(() => {
        this.cancelRetry = null;
        this.wake();
      }, retryInMs);
    }
    await this.refresh();
  }

  private finish(state: QueueState): void {
    this.finished = state;
    this.stop();
    this.showNow(state);
  }

  /** Shows the state the store holds now; a read overtaken by a later one shows nothing. */
  private async refresh(): Promise<void> {
    const ticket = ++this.reads;
    const attempt = await this.store.attempt(this.key);
    if (ticket < this.shown) return;
    this.shown = ticket;
    this.show(this.finished ?? this.stateOf(attempt));
  }

  private stateOf(attempt: StoredAttempt | undefined): QueueState {
    if (!attempt) return { kind: 'saved' };
    if (attempt.ended) return endState(attempt);
    const waiting = waitingCount(attempt);
    if (this.problem?.kind === 'signed-out') return { kind: 'signed-out', waiting };
    if (this.problem?.kind === 'failed') return { kind: 'failed', waiting, status: this.problem.status };
    if (this.problem?.kind === 'offline') return { kind: 'offline', waiting, retryInMs: this.problem.retryInMs };
    return waiting === 0 && attempt.handIn === 'none' ? { kind: 'saved' } : { kind: 'saving', waiting };
  }

  /** Shows a state known without reading the store; reads begun before it show nothing. */
  private showNow(state: QueueState): void {
    this.shown = ++this.reads;
    this.show(state);
  }

  private show(state: QueueState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}

/**
 * The state to show while `inHand` choices are on the screen but not yet written to the store:
 * never "Saved" for a choice that is not even kept yet (a click is shown at once, and its write
 * to IndexedDB takes a moment).
 */
export function stateWithChoicesInHand(state: QueueState, inHand: number): QueueState {
  return state.kind === 'saved' && inHand > 0 ? { kind: 'saving', waiting: inHand } : state;
}

/** The questions whose latest choice the server has not acknowledged yet: "3 answers waiting". */
export function waitingCount(attempt: StoredAttempt): number {
  return Object.values(attempt.choices).filter((choice) => !choice.acked).length;
}

function endState(attempt: StoredAttempt): QueueState {
  const refused = attempt.refused ?? [];
  return attempt.ended?.reason === 'handed-in'
    ? { kind: 'handed-in', handedInAt: attempt.ended.handedInAt ?? null, answer: null, refused }
    : { kind: 'time-up', refused };
}
