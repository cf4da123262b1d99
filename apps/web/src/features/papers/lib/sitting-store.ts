import type { HeldAnswer, IntegrityEvent, Save, SittingQuestion, StartedSitting } from '@academy/contract';
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isHeld, latestPerQuestion } from './answer-batch';
import type { ClockSample } from './server-clock';

// A running paper kept in the browser's IndexedDB (docs/design/papers-build-plan.md, section 5):
// a reload, a closed tab or a phone that turns off loses nothing it showed as chosen, the service
// worker can tell that an attempt is running, and a `seq` is never given twice, even by two tabs,
// because the transaction that takes it is serialised with every other one on the same stores.

export const SITTING_DATABASE = 'academy-papers';
const VERSION = 1;

/** Waiting saves belong to the account: they go on after signing in again, and never to another account. */
export interface SittingKey {
  accountId: string;
  paperId: string;
}

/** A question's choice on this device, and whether the server has acknowledged it. */
export interface Choice {
  optionId: string | null;
  seq: number;
  acked: boolean;
}

/** Why the sender stopped for good: the server took no more saves for this attempt. */
export interface SittingEnd {
  reason: 'time-up' | 'handed-in';
  /** When the server stopped taking saves (time up) or the attempt was handed in elsewhere. */
  acceptedUntil?: string;
  handedInAt?: string;
}

export interface StoredAttempt extends SittingKey {
  attemptId: string;
  deviceKey: string;
  device: number;
  startedAt: string;
  deadline: string;
  acceptedUntil: string;
  clock: ClockSample | null;
  questions: SittingQuestion[];
  watermark: { name: string; regNo: string };
  nextSeq: number;
  choices: Record<string, Choice>;
  /** The student's own aid; never sent. */
  flags: string[];
  /** 'wanted' makes the sender's next request the hand-in. */
  handIn: 'none' | 'wanted';
  ended?: SittingEnd;
  /** Choices the server refused because they came too late: the screen names their questions. */
  refused?: Save[];
  /** This device's clock (ms): the day-old clean-up counts from it. */
  updatedAt: number;
}

export interface StoredSave extends SittingKey, Save {
  madeAt: number;
}

export interface StoredEvent extends SittingKey, IntegrityEvent {}

interface StoredImage {
  paperId: string;
  imageId: string;
  blob: Blob;
}

interface SittingSchema extends DBSchema {
  attempts: { key: [string, string]; value: StoredAttempt };
  saves: { key: [string, string, number]; value: StoredSave };
  events: { key: [string, string, string]; value: StoredEvent };
  images: { key: [string, string]; value: StoredImage };
}

/** A choice could not be recorded: the attempt is not on this device, or no longer takes choices. */
export class SittingClosedError extends Error {
  override name = 'SittingClosedError';
}

/** What the server said about one request: which saves to forget and what it now holds. */
export interface Acknowledgement {
  sent: readonly Save[];
  applied: readonly number[];
  ignored: readonly number[];
  current: readonly HeldAnswer[];
  sentEvents?: readonly string[];
  deadline?: string;
  acceptedUntil?: string;
  clock?: ClockSample | null;
}

/** Everything of one attempt under `[accountId, paperId]`, whatever comes after. */
function range(first: string, second: string): IDBKeyRange {
  return IDBKeyRange.bound([first, second], [first, second, []]);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sets what the server holds as the choice, unless this device has a newer one waiting. */
function applyHeld(choices: Record<string, Choice>, held: readonly HeldAnswer[]): void {
  for (const answer of held) {
    const mine = choices[answer.questionId];
    if (!mine || answer.seq >= mine.seq) choices[answer.questionId] = { optionId: answer.optionId, seq: answer.seq, acked: true };
  }
}

function highestSeq(held: readonly HeldAnswer[]): number {
  return held.reduce((highest, answer) => Math.max(highest, answer.seq), 0);
}

export class SittingStore {
  private constructor(private readonly db: IDBPDatabase<SittingSchema>) {}

  static async open(name = SITTING_DATABASE): Promise<SittingStore> {
    const db = await openDB<SittingSchema>(name, VERSION, {
      upgrade(database) {
        database.createObjectStore('attempts', { keyPath: ['accountId', 'paperId'] });
        database.createObjectStore('saves', { keyPath: ['accountId', 'paperId', 'seq'] });
        database.createObjectStore('events', { keyPath: ['accountId', 'paperId', 'id'] });
        database.createObjectStore('images', { keyPath: ['paperId', 'imageId'] });
      },
      // Log Out deletes the database; an open tab must let it go rather than block it.
      blocking() {
        db.close();
      },
    });
    return new SittingStore(db);
  }

  close(): void {
    this.db.close();
  }

  attempt(key: SittingKey): Promise<StoredAttempt | undefined> {
    return this.db.get('attempts', [key.accountId, key.paperId]);
  }

  /**
   * Keeps what start (or resume) answered, merged with what this device already has: the server's
   * answers, except where a waiting local save is newer; `seq` goes on from the highest of both.
   */
  async saveStart(key: SittingKey, start: StartedSitting, device: { deviceKey: string; clock: ClockSample | null; now?: number }): Promise<StoredAttempt> {
    const tx = this.db.transaction(['attempts', 'saves'], 'readwrite', { durability: 'strict' });
    const attempts = tx.objectStore('attempts');
    const before = await attempts.get([key.accountId, key.paperId]);
    const kept = before?.attemptId === start.attemptId ? before : undefined;
    if (before && !kept) await tx.objectStore('saves').delete(range(key.accountId, key.paperId));
    const choices: Record<string, Choice> = {};
    for (const [questionId, choice] of Object.entries(kept?.choices ?? {})) if (!choice.acked) choices[questionId] = choice;
    applyHeld(choices, start.answers);
    const record: StoredAttempt = {
      ...key,
      attemptId: start.attemptId,
      deviceKey: device.deviceKey,
      device: start.device,
      startedAt: start.startedAt,
      deadline: start.deadline,
      acceptedUntil: start.acceptedUntil,
      clock: device.clock,
      questions: start.questions,
      watermark: start.watermark,
      nextSeq: Math.max(kept?.nextSeq ?? 1, start.lastSeq + 1, highestSeq(start.answers) + 1),
      choices,
      flags: kept?.flags ?? [],
      handIn: kept?.handIn ?? 'none',
      updatedAt: device.now ?? Date.now(),
    };
    await attempts.put(record);
    await tx.done;
    return record;
  }

  /**
   * A choice, change or clearing: takes the next `seq`, stores the save and the choice in one
   * strict transaction (flushed to the disk before it completes), so a phone that dies right
   * after the tap still has it, and no other tab can take the same `seq`.
   */
  async recordChoice(key: SittingKey, questionId: string, optionId: string | null, madeAt: number = Date.now()): Promise<StoredSave> {
    const tx = this.db.transaction(['attempts', 'saves'], 'readwrite', { durability: 'strict' });
    const attempts = tx.objectStore('attempts');
    const attempt = await attempts.get([key.accountId, key.paperId]);
    if (!attempt || attempt.ended || attempt.handIn !== 'none') {
      await tx.done;
      throw new SittingClosedError(attempt ? 'This attempt takes no more choices' : 'This attempt is not kept on this device');
    }
    const save: StoredSave = { ...key, seq: attempt.nextSeq, questionId, optionId, madeAt };
    attempt.nextSeq += 1;
    attempt.choices[questionId] = { optionId, seq: save.seq, acked: false };
    attempt.updatedAt = madeAt;
    await Promise.all([tx.objectStore('saves').add(save), attempts.put(attempt)]);
    await tx.done;
    return save;
  }

  async setFlag(key: SittingKey, questionId: string, flagged: boolean): Promise<void> {
    const tx = this.db.transaction('attempts', 'readwrite');
    const attempt = await tx.store.get([key.accountId, key.paperId]);
    if (attempt) {
      const others = attempt.flags.filter((id) => id !== questionId);
      attempt.flags = flagged ? [...others, questionId] : others;
      await tx.store.put(attempt);
    }
    await tx.done;
  }

  async recordEvent(key: SittingKey, event: IntegrityEvent): Promise<void> {
    await this.db.put('events', { ...key, ...event });
  }

  /** The attempt with its waiting saves (in `seq` order) and events, read together. */
  async waiting(key: SittingKey): Promise<{ attempt: StoredAttempt | undefined; saves: StoredSave[]; events: StoredEvent[] }> {
    const tx = this.db.transaction(['attempts', 'saves', 'events'], 'readonly');
    const [attempt, saves, events] = await Promise.all([
      tx.objectStore('attempts').get([key.accountId, key.paperId]),
      tx.objectStore('saves').getAll(range(key.accountId, key.paperId)),
      tx.objectStore('events').getAll(range(key.accountId, key.paperId)),
    ]);
    await tx.done;
    return { attempt, saves, events };
  }

  /**
   * Forgets what the server acknowledged: each question's saves up to the highest `seq` the
   * answer covers (an older waiting save of that question can no longer count either), marks
   * those choices acknowledged, shows what another device saved over ours (`current`), and keeps
   * the deadline and the clock the answer brought.
   */
  async acknowledge(key: SittingKey, ack: Acknowledgement): Promise<StoredAttempt | undefined> {
    const tx = this.db.transaction(['attempts', 'saves', 'events'], 'readwrite');
    const attempts = tx.objectStore('attempts');
    const attempt = await attempts.get([key.accountId, key.paperId]);
    if (!attempt) {
      await tx.done;
      return undefined;
    }
    const done = new Set([...ack.applied, ...ack.ignored]);
    const covered = new Map<string, number>();
    const cover = (questionId: string, seq: number) => covered.set(questionId, Math.max(covered.get(questionId) ?? 0, seq));
    for (const save of ack.sent) if (done.has(save.seq)) cover(save.questionId, save.seq);
    for (const answer of ack.current) cover(answer.questionId, answer.seq);

    const saves = tx.objectStore('saves');
    for (let cursor = await saves.openCursor(range(key.accountId, key.paperId)); cursor; cursor = await cursor.continue()) {
      if (cursor.value.seq <= (covered.get(cursor.value.questionId) ?? 0)) await cursor.delete();
    }
    const events = tx.objectStore('events');
    for (const id of ack.sentEvents ?? []) await events.delete([key.accountId, key.paperId, id]);

    for (const save of ack.sent) {
      const choice = attempt.choices[save.questionId];
      if (choice && choice.seq === save.seq && done.has(save.seq)) choice.acked = true;
    }
    applyHeld(attempt.choices, ack.current);
    // Another device's higher seq would outrank this device's next choices; go on above it.
    attempt.nextSeq = Math.max(attempt.nextSeq, highestSeq(ack.current) + 1);
    if (ack.deadline) attempt.deadline = ack.deadline;
    if (ack.acceptedUntil) attempt.acceptedUntil = ack.acceptedUntil;
    if (ack.clock) attempt.clock = ack.clock;
    await attempts.put(attempt);
    await tx.done;
    return attempt;
  }

  /** Hand in: the sender's next request becomes the hand-in, carrying whatever still waits. */
  async wantHandIn(key: SittingKey): Promise<StoredAttempt | undefined> {
    const tx = this.db.transaction('attempts', 'readwrite', { durability: 'strict' });
    const attempt = await tx.store.get([key.accountId, key.paperId]);
    if (attempt && !attempt.ended) {
      attempt.handIn = 'wanted';
      await tx.store.put(attempt);
    }
    await tx.done;
    return attempt;
  }

  /**
   * The server refused saves for good (409: time up, or handed in from another device). What it
   * holds, as `current` names for each question of the request, becomes the choice; a question
   * the request named and `current` leaves out has no answer on the server. Every other waiting
   * save is refused with them, since no later request can count either.
   */
  async recordRefusal(key: SittingKey, refusal: { sent: readonly Save[]; current: readonly HeldAnswer[]; end: SittingEnd }): Promise<StoredAttempt | undefined> {
    const tx = this.db.transaction(['attempts', 'saves'], 'readwrite', { durability: 'strict' });
    const attempts = tx.objectStore('attempts');
    const saves = tx.objectStore('saves');
    const attempt = await attempts.get([key.accountId, key.paperId]);
    if (!attempt) {
      await tx.done;
      return undefined;
    }
    const held = new Map(refusal.current.map((answer) => [answer.questionId, answer]));
    const waiting = await saves.getAll(range(key.accountId, key.paperId));
    const refused = latestPerQuestion(waiting)
      .filter((save) => !isHeld(save, held))
      .map(({ seq, questionId, optionId }) => ({ seq, questionId, optionId }));
    // Nothing can count any more, so for each question of the request the server's answer is the truth.
    for (const save of refusal.sent) {
      const answer = held.get(save.questionId);
      if (answer) attempt.choices[save.questionId] = { optionId: answer.optionId, seq: answer.seq, acked: true };
      else delete attempt.choices[save.questionId];
    }
    await saves.delete(range(key.accountId, key.paperId));
    attempt.refused = [...(attempt.refused ?? []), ...refused];
    attempt.ended = refusal.end;
    await attempts.put(attempt);
    await tx.done;
    return attempt;
  }

  /** Everything of one attempt goes: its saves, events, the attempt itself and the paper's images. */
  async forget(key: SittingKey): Promise<void> {
    const tx = this.db.transaction(['attempts', 'saves', 'events', 'images'], 'readwrite');
    await Promise.all([
      tx.objectStore('attempts').delete([key.accountId, key.paperId]),
      tx.objectStore('saves').delete(range(key.accountId, key.paperId)),
      tx.objectStore('events').delete(range(key.accountId, key.paperId)),
      tx.objectStore('images').delete(IDBKeyRange.bound([key.paperId], [key.paperId, []])),
    ]);
    await tx.done;
  }

  /**
   * The clean-up of docs/papers.md ('What stays on the phone'): an attempt goes once its
   * deadline and grace have passed by the server's clock with nothing left to send, and a day
   * after it last changed in any case. Answers how many went.
   */
  async sweep(localNow: number = Date.now()): Promise<number> {
    const stale: SittingKey[] = [];
    for (const attempt of await this.db.getAll('attempts')) {
      const serverTime = localNow + (attempt.clock?.offsetMs ?? 0);
      const waiting = await this.db.count('saves', range(attempt.accountId, attempt.paperId));
      const past = serverTime > Date.parse(attempt.acceptedUntil) && waiting === 0;
      if (past || localNow - attempt.updatedAt > DAY_MS) stale.push({ accountId: attempt.accountId, paperId: attempt.paperId });
    }
    for (const key of stale) await this.forget(key);
    return stale.length;
  }

  async putImage(paperId: string, imageId: string, blob: Blob): Promise<void> {
    await this.db.put('images', { paperId, imageId, blob });
  }

  async image(paperId: string, imageId: string): Promise<Blob | undefined> {
    return (await this.db.get('images', [paperId, imageId]))?.blob;
  }
}

/** Log Out: every kept paper goes with the account's session (open stores let go first). */
export function deleteSittingDatabase(name = SITTING_DATABASE): Promise<void> {
  return deleteDB(name);
}
