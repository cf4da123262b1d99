import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AnswerQueue, RETRY_DELAYS_MS, stateWithChoicesInHand } from './answer-queue';
import { SittingClosedError, SittingStore } from './sitting-store';
import { FakeSittingServer, HttpRefusal, KEY, startedStore, testDatabaseName, testEnvironment, testLocks, until } from './sitting-test-helpers';

// The answer queue against fake-indexeddb and a server that keeps the highest seq per question.
// Every wait is on the queue's own state or on a promise it settles; timers are fired by hand.

function queueOn(store: SittingStore, server = new FakeSittingServer(), overrides: Parameters<typeof testEnvironment>[0] = {}) {
  const browser = testEnvironment(overrides);
  const queue = new AnswerQueue({ store, key: KEY, transport: server, environment: browser.environment });
  return { queue, server, ...browser };
}

async function startAndSettle(queue: AnswerQueue): Promise<void> {
  await queue.start();
  await queue.settled();
}

describe('the answer queue', () => {
  it('keeps every choice before sending it, so a reload (a new store on the same database) still has them', async () => {
    const name = testDatabaseName();
    const first = await startedStore(name);
    const { queue } = queueOn(first);
    // Not started: nothing is sent, as when the line is down before the first answer.
    await queue.choose('q1', 'q1a');
    await queue.choose('q2', 'q2b');
    await queue.choose('q1', null);
    first.close();

    const reloaded = await SittingStore.open(name);
    const { saves, attempt } = await reloaded.waiting(KEY);
    expect(saves.map(({ seq, questionId, optionId }) => ({ seq, questionId, optionId }))).toEqual([
      { seq: 1, questionId: 'q1', optionId: 'q1a' },
      { seq: 2, questionId: 'q2', optionId: 'q2b' },
      { seq: 3, questionId: 'q1', optionId: null },
    ]);
    expect(attempt?.choices).toEqual({ q1: { optionId: null, seq: 3, acked: false }, q2: { optionId: 'q2b', seq: 2, acked: false } });
    expect(attempt?.nextSeq).toBe(4);

    const { queue: afterReload, server } = queueOn(reloaded);
    await startAndSettle(afterReload);
    expect(afterReload.state).toEqual({ kind: 'saved' });
    expect([...server.held.values()]).toEqual([
      { seq: 2, questionId: 'q2', optionId: 'q2b' },
      { seq: 3, questionId: 'q1', optionId: null },
    ]);
    expect((await reloaded.waiting(KEY)).saves).toEqual([]);
  });

  it('never gives a seq twice, even to two queues (two tabs) on one database', async () => {
    const name = testDatabaseName();
    const tabA = queueOn(await startedStore(name)).queue;
    const tabB = queueOn(await SittingStore.open(name)).queue;
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? tabA : tabB).choose(`q${(i % 3) + 1}`, `option-${i}`)),
    );
    const seqs = made.map((save) => save.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('sends in seq order only the latest save of each question, at most 100 a request', async () => {
    const store = await startedStore();
    const { queue, server } = queueOn(store);
    await queue.choose('q1', 'q1a');
    await queue.choose('q2', 'q2b');
    await queue.choose('q1', 'q1c');
    await queue.choose('q3', null);
    await queue.choose('q2', 'q2a');
    await startAndSettle(queue);
    expect(server.requests).toEqual([
      {
        device: 1,
        saves: [
          { seq: 3, questionId: 'q1', optionId: 'q1c' },
          { seq: 4, questionId: 'q3', optionId: null },
          { seq: 5, questionId: 'q2', optionId: 'q2a' },
        ],
      },
    ]);
    expect(queue.state).toEqual({ kind: 'saved' });
  });

  it('splits more than 100 waiting questions into requests of 100 in seq order, with the events', async () => {
    const store = await startedStore();
    const { queue, server } = queueOn(store);
    for (let i = 1; i <= 130; i += 1) await queue.choose(`question-${i}`, 'x');
    await queue.recordEvent({ id: 'away-0001', kind: 'away', from: '2026-12-12T14:35:00.000Z', to: '2026-12-12T14:36:00.000Z' });
    await startAndSettle(queue);
    expect(server.requests.map((request) => request.saves.length)).toEqual([100, 30]);
    expect(server.requests.flatMap((request) => request.saves.map((save) => save.seq))).toEqual(Array.from({ length: 130 }, (_, i) => i + 1));
    expect(server.requests[0]?.events).toEqual([{ id: 'away-0001', kind: 'away', from: '2026-12-12T14:35:00.000Z', to: '2026-12-12T14:36:00.000Z' }]);
    expect(server.requests[1]?.events).toBeUndefined();
    expect((await store.waiting(KEY)).events).toEqual([]);
  });

  it('keeps everything on a network error, tries again after 1, 2, 4, 8 and 15 s, and at once when back online', async () => {
    const store = await startedStore();
    const { queue, server, timers, network } = queueOn(store);
    server.failWith = () => new TypeError('Failed to fetch');
    await queue.choose('q1', 'q1a');
    await queue.choose('q2', 'q2b');
    await startAndSettle(queue);
    expect(queue.state).toEqual({ kind: 'offline', waiting: 2, retryInMs: 1000 });

    for (let round = 1; round < 7; round += 1) {
      const timer = timers.at(-1);
      timer?.run();
      await queue.settled();
    }
    expect(timers.map((timer) => timer.ms)).toEqual([...RETRY_DELAYS_MS, 15000, 15000]);
    expect(server.requests).toHaveLength(7);
    expect((await store.waiting(KEY)).saves).toHaveLength(2);
    // A choice made while the line is down waits for the next try, and is counted.
    await queue.choose('q3', 'q3c');
    expect(queue.state).toEqual({ kind: 'offline', waiting: 3, retryInMs: 15000 });
    expect(server.requests).toHaveLength(7);

    server.failWith = null;
    network.dispatchEvent(new Event('online'));
    await queue.settled();
    expect(timers.at(-1)?.cancelled).toBe(true);
    expect(server.requests).toHaveLength(8);
    expect(queue.state).toEqual({ kind: 'saved' });
    expect((await store.waiting(KEY)).saves).toEqual([]);
  });

  it('keeps everything on 401 and goes on once resumed after signing in again', async () => {
    const store = await startedStore();
    const { queue, server, timers } = queueOn(store);
    server.failWith = () => new HttpRefusal(401, { code: 401, message: 'Your session has ended. Sign in again.', data: null });
    await queue.choose('q1', 'q1a');
    await startAndSettle(queue);
    expect(queue.state).toEqual({ kind: 'signed-out', waiting: 1 });
    expect(timers).toEqual([]);
    // Choices still count while signed out; nothing is sent until resumed.
    await queue.choose('q2', 'q2a');
    await queue.settled();
    expect(server.requests).toHaveLength(1);
    expect((await store.waiting(KEY)).saves).toHaveLength(2);

    server.failWith = null;
    queue.resume();
    await queue.settled();
    expect(queue.state).toEqual({ kind: 'saved' });
    expect(server.held.size).toBe(2);
  });

  it('forgets what the answer acknowledges, keeps what it does not name, and shows what another device saved over ours', async () => {
    const store = await startedStore();
    const { queue, server } = queueOn(store);
    // Another device of the attempt already saved q2 with a higher seq.
    server.held.set('q2', { questionId: 'q2', optionId: 'q2c', seq: 50 });
    server.deadline = '2026-12-12T15:40:00.000Z';
    const partial = server.sendAnswers.bind(server);
    let answered = 0;
    // The first answer leaves q3's save out, as an answer naming only part of a request would.
    server.sendAnswers = async (paperId, body) => {
      const answer = await partial(paperId, body);
      answered += 1;
      return answered === 1 ? { ...answer, applied: answer.applied.filter((seq) => seq !== 3) } : answer;
    };
    await queue.choose('q1', 'q1a');
    await queue.choose('q2', 'q2b');
    await queue.choose('q3', 'q3a');
    await startAndSettle(queue);

    expect(server.requests.map((request) => request.saves.map((save) => save.seq))).toEqual([[1, 2, 3], [3]]);
    const attempt = await store.attempt(KEY);
    expect(attempt?.choices).toEqual({
      q1: { optionId: 'q1a', seq: 1, acked: true },
      q2: { optionId: 'q2c', seq: 50, acked: true },
      q3: { optionId: 'q3a', seq: 3, acked: true },
    });
    expect((await store.waiting(KEY)).saves).toEqual([]);
    // The answer's deadline (extra time) and clock are kept; this device goes on above seq 50.
    expect(attempt?.deadline).toBe('2026-12-12T15:40:00.000Z');
    expect(attempt?.clock).toEqual({ offsetMs: 0, rttMs: 0 });
    expect((await queue.choose('q2', 'q2a')).seq).toBe(51);
  });

  it('stops on 409 time up, records the choices that did not count, and shows what the server holds', async () => {
    const store = await startedStore();
    const { queue, server, timers } = queueOn(store);
    await queue.choose('q1', 'q1a');
    await startAndSettle(queue);
    expect(queue.state).toEqual({ kind: 'saved' });

    server.failWith = (saves) =>
      new HttpRefusal(409, {
        code: 409,
        message: 'Time is up: answers that reached the server after 9:01 PM could not count.',
        data: null,
        deadline: '2026-12-12T15:30:00.000Z',
        acceptedUntil: '2026-12-12T15:31:00.000Z',
        current: saves.flatMap((save) => {
          const held = server.held.get(save.questionId);
          return held ? [held] : [];
        }),
      });
    // Both choices are made while the page is away, so one request carries them.
    queue.stop();
    await queue.choose('q1', 'q1b');
    await queue.choose('q2', 'q2c');
    await startAndSettle(queue);

    const refused = [
      { seq: 2, questionId: 'q1', optionId: 'q1b' },
      { seq: 3, questionId: 'q2', optionId: 'q2c' },
    ];
    expect(queue.state).toEqual({ kind: 'time-up', refused });
    const attempt = await store.attempt(KEY);
    expect(attempt?.refused).toEqual(refused);
    expect(attempt?.choices).toEqual({ q1: { optionId: 'q1a', seq: 1, acked: true } });
    expect((await store.waiting(KEY)).saves).toEqual([]);
    expect(timers).toEqual([]);
    await expect(queue.choose('q3', 'q3a')).rejects.toBeInstanceOf(SittingClosedError);
    expect(server.requests).toHaveLength(2);

    // The next page learns it from the store, and sends nothing.
    const { queue: nextPage, server: untouched } = queueOn(store);
    await startAndSettle(nextPage);
    expect(nextPage.state).toEqual({ kind: 'time-up', refused });
    expect(untouched.requests).toEqual([]);
  });

  it('stops when another device has handed the attempt in, naming what came too late', async () => {
    const store = await startedStore();
    const { queue, server } = queueOn(store);
    server.failWith = () => new HttpRefusal(409, { code: 409, message: 'This paper was handed in at 8:52 PM.', data: null, handedInAt: '2026-12-12T15:22:00.000Z', current: [] });
    await queue.choose('q1', 'q1a');
    await startAndSettle(queue);
    expect(queue.state).toEqual({ kind: 'handed-in', handedInAt: '2026-12-12T15:22:00.000Z', answer: null, refused: [{ seq: 1, questionId: 'q1', optionId: 'q1a' }] });
  });

  it('keeps everything when this device is unknown to the attempt, until the paper is opened again', async () => {
    const store = await startedStore();
    const { queue, server, timers } = queueOn(store);
    server.failWith = () => new HttpRefusal(409, { code: 409, message: 'This device has not started the paper: open it again.', data: null });
    await queue.choose('q1', 'q1a');
    await startAndSettle(queue);
    expect(queue.state).toEqual({ kind: 'failed', waiting: 1, status: 409 });
    expect(timers).toEqual([]);
    expect((await store.waiting(KEY)).saves).toHaveLength(1);
  });

  it('hands in as the next request, carrying what still waits, and forgets the attempt once acknowledged', async () => {
    const store = await startedStore();
    const { queue, server, network } = queueOn(store);
    server.failWith = () => new TypeError('Failed to fetch');
    await queue.choose('q1', 'q1a');
    await startAndSettle(queue);
    await queue.choose('q2', 'q2b');
    await queue.choose('q1', 'q1c');
    await queue.handIn();
    await queue.settled();
    expect(queue.state).toMatchObject({ kind: 'offline', waiting: 2 });
    await expect(queue.choose('q3', 'q3a')).rejects.toBeInstanceOf(SittingClosedError);

    server.failWith = null;
    network.dispatchEvent(new Event('online'));
    await queue.settled();
    // The first try got no answer; the second is the same request.
    const handIn = {
      device: 1,
      saves: [
        { seq: 2, questionId: 'q2', optionId: 'q2b' },
        { seq: 3, questionId: 'q1', optionId: 'q1c' },
      ],
    };
    expect(server.handIns).toEqual([handIn, handIn]);
    expect(server.requests).toHaveLength(1);
    expect(queue.state).toEqual({
      kind: 'handed-in',
      handedInAt: server.serverNow,
      answer: { handedInAt: server.serverNow, handedInBy: 'student', answered: 2, questionCount: 3 },
      refused: [],
    });
    expect(await store.attempt(KEY)).toBeUndefined();
    expect((await store.waiting(KEY)).saves).toEqual([]);
  });

  it('lets one tab send at a time when two share the queue', async () => {
    const name = testDatabaseName();
    const server = new FakeSittingServer();
    server.holding = true;
    const locks = testLocks();
    const tabA = queueOn(await startedStore(name), server, { locks }).queue;
    const tabB = queueOn(await SittingStore.open(name), server, { locks }).queue;
    await tabA.choose('q1', 'q1a');
    await Promise.all([tabA.start(), tabB.start()]);
    await server.nextHeldCall();
    // Tab B's choice while tab A's request is on its way: B waits for the lock, A sends it next.
    await tabB.choose('q2', 'q2b');
    server.releaseOne();
    await server.nextHeldCall();
    server.releaseOne();
    await Promise.all([until(tabA, (state) => state.kind === 'saved'), until(tabB, (state) => state.kind === 'saved'), tabA.settled(), tabB.settled()]);
    expect(server.maxInFlight).toBe(1);
    expect(server.requests.map((request) => request.saves.map((save) => save.seq))).toEqual([[1], [2]]);
  });

  it('never says Saved while a choice on the screen is not written to the store yet', () => {
    expect(stateWithChoicesInHand({ kind: 'saved' }, 1)).toEqual({ kind: 'saving', waiting: 1 });
    expect(stateWithChoicesInHand({ kind: 'saved' }, 0)).toEqual({ kind: 'saved' });
    // Any other state already says the answers are not all saved, or that the sitting is over.
    expect(stateWithChoicesInHand({ kind: 'offline', waiting: 2, retryInMs: 1000 }, 1)).toEqual({ kind: 'offline', waiting: 2, retryInMs: 1000 });
    expect(stateWithChoicesInHand({ kind: 'time-up', refused: [] }, 1)).toEqual({ kind: 'time-up', refused: [] });
  });
});
