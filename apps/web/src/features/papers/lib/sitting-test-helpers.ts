import type { AnswersBody, HandInBody, HeldAnswer, Save, StartedSitting } from '@academy/contract';
import type { AnswerQueue, AnswersData, AnswerTransport, HandInData, LockRequester, QueueEnvironment, QueueState } from './answer-queue';
import { SittingStore, type SittingKey } from './sitting-store';

// What the sitting's unit tests share: a start answer, a store of their own, a server that keeps
// the highest seq per question as the real one does, and a browser whose timers and events the
// test drives. Used by tests only (fake-indexeddb stands in for the browser's IndexedDB).

export const KEY: SittingKey = { accountId: 'account-1', paperId: 'paper-1' };

export function startAnswer(overrides: Partial<StartedSitting> = {}): StartedSitting {
  return {
    attemptId: 'attempt-1',
    device: 1,
    startedAt: '2026-12-12T14:30:00.000Z',
    deadline: '2026-12-12T15:30:00.000Z',
    acceptedUntil: '2026-12-12T15:31:00.000Z',
    serverNow: '2026-12-12T14:30:00.000Z',
    extraMinutes: 0,
    lastSeq: 0,
    order: { questions: [0, 1, 2], options: [[0, 1, 2], [0, 1, 2], [0, 1, 2]] },
    questions: ['q1', 'q2', 'q3'].map((id) => ({ id, text: `ප්‍රශ්නය ${id}`, image: null, marks: 1, options: ['a', 'b', 'c'].map((o) => ({ id: `${id}${o}`, text: o })) })),
    answers: [],
    watermark: { name: 'Nimali Perera', regNo: '26T01LI' },
    ...overrides,
  };
}

let databases = 0;

/** A database of the test's own, so no test sees another's attempt. */
export function testDatabaseName(): string {
  databases += 1;
  return `academy-papers-test-${databases}`;
}

export async function startedStore(name = testDatabaseName(), start: StartedSitting = startAnswer()): Promise<SittingStore> {
  const store = await SittingStore.open(name);
  await store.saveStart(KEY, start, { deviceKey: 'device-key-0123456789', clock: null, now: 0 });
  return store;
}

/** An answer other than 200, shaped as the api client's ApiError. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown = null,
  ) {
    super(`HTTP ${status}`);
  }
}

/** The highest seq per question wins; a repeat or an overtaken save is ignored, with what is held. */
export class FakeSittingServer implements AnswerTransport {
  readonly held = new Map<string, HeldAnswer>();
  readonly requests: AnswersBody[] = [];
  readonly handIns: HandInBody[] = [];
  /** While set, every call rejects with what it answers (a network error, a refusal). */
  failWith: ((saves: Save[]) => unknown) | null = null;
  /** While set, calls wait until the test releases them one by one. */
  holding = false;
  inFlight = 0;
  maxInFlight = 0;
  deadline = '2026-12-12T15:30:00.000Z';
  serverNow = '2026-12-12T14:40:00.000Z';
  private readonly waitingCalls: (() => void)[] = [];
  private readonly arrivals: (() => void)[] = [];

  async sendAnswers(_paperId: string, body: AnswersBody): Promise<AnswersData> {
    this.requests.push(structuredClone(body));
    return this.call(body.saves, () => ({ ...this.apply(body.saves), deadline: this.deadline, acceptedUntil: this.deadline, serverNow: this.serverNow }));
  }

  async handIn(_paperId: string, body: HandInBody): Promise<HandInData> {
    this.handIns.push(structuredClone(body));
    return this.call(body.saves ?? [], () => {
      this.apply(body.saves ?? []);
      return { handedInAt: this.serverNow, handedInBy: 'student', answered: this.held.size, questionCount: 3 };
    });
  }

  /** Resolves when a held call is waiting. */
  async nextHeldCall(): Promise<void> {
    while (this.waitingCalls.length === 0) await new Promise<void>((arrived) => this.arrivals.push(arrived));
  }

  releaseOne(): void {
    this.waitingCalls.shift()?.();
  }

  private async call<T>(saves: Save[], answer: () => T): Promise<T> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.holding) {
        await new Promise<void>((release) => {
          this.waitingCalls.push(release);
          for (const arrived of this.arrivals.splice(0)) arrived();
        });
      }
      if (this.failWith) throw this.failWith(saves);
      return answer();
    } finally {
      this.inFlight -= 1;
    }
  }

  private apply(saves: Save[]): Pick<AnswersData, 'applied' | 'ignored' | 'current'> {
    const applied: number[] = [];
    const ignored: number[] = [];
    const current: HeldAnswer[] = [];
    for (const save of saves) {
      const held = this.held.get(save.questionId);
      if (!held || save.seq > held.seq) {
        this.held.set(save.questionId, { ...save });
        applied.push(save.seq);
      } else {
        ignored.push(save.seq);
        current.push(held);
      }
    }
    return { applied, ignored, current };
  }
}

/** The browser as a test drives it: timers it fires by hand, an `online` it dispatches. */
export function testEnvironment(overrides: Partial<QueueEnvironment> = {}) {
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const network = new EventTarget();
  const environment: QueueEnvironment = {
    locks: null,
    network,
    page: null,
    now: () => Date.parse('2026-12-12T14:40:00.000Z'),
    setTimer(run, ms) {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    ...overrides,
  };
  return { environment, timers, network };
}

/** Web Locks as a browser gives them: one holder per name at a time, the others wait in turn. */
export function testLocks(): LockRequester {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const turn = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        turn.catch(() => undefined),
      );
      return turn;
    },
  };
}

/** Resolves with the queue's state once it matches. */
export function until(queue: AnswerQueue, matches: (state: QueueState) => boolean): Promise<QueueState> {
  return new Promise((resolve) => {
    if (matches(queue.state)) {
      resolve(queue.state);
      return;
    }
    const stop = queue.subscribe((state) => {
      if (!matches(state)) return;
      stop();
      resolve(state);
    });
  });
}
