// Shared by the results tests: a clock the test moves, a paper that closes a little after its
// now, a student's sitting with chosen answers, and waiting for the jobs. The jobs table runs on
// the real clock, but the papers' sweep (every second here) looks with the papers' clock: moving
// that clock past a close or a release time gets the close or release job run within about a
// second. Tests that run servers of their own keep the real clock, with papers closing seconds away.
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { Paper, ResultsAnswer, Save, UpdatePaperBody } from '@academy/contract';
import { handInOk, okData, saveAnswers, startSitting, type Sitting } from './sitting-helpers';
import { getPaper, type Headers } from './test-helpers';

/** Settings the results tests run with: a short grace and a sweep every second, so jobs finish quickly. */
export const RESULTS_TEST_ENV = { PAPER_GRACE_SECONDS: '1', PAPER_SWEEP_SECONDS: '1' };

/** How long a test waits for a close or release job; a busy machine runs them late, never this late. */
export const JOB_WAIT_MS = 30_000;

/** A paper's times for closing `seconds` after `now` (opened a minute before it, as every close needs). */
export function closingIn(seconds: number, now = Date.now()): Pick<UpdatePaperBody, 'opensAt' | 'closesAt'> {
  return { opensAt: new Date(now - 60_000).toISOString(), closesAt: new Date(now + seconds * 1000).toISOString() };
}

/**
 * The papers' clock for `useTestApp(env, { clock: clock.now })`: it stands still while students
 * sit, so no close comes before the test moves it there, and it only goes forward.
 */
export interface TestClock {
  now: () => number;
  /** Moves the clock on to `at`; a clock already there or past it stays where it is. */
  moveTo: (at: number) => void;
  /** Moves the clock just past the close plus the grace: every attempt still open has run out. */
  passClose: (closesAt: string, graceMs: number) => void;
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  const moveTo = (at: number) => {
    now = Math.max(now, at);
  };
  return { now: () => now, moveTo, passClose: (closesAt, graceMs) => moveTo(Date.parse(closesAt) + graceMs + 1) };
}

/** What a student picks for a question, by its place in the paper's own order. */
export type Choice = 'right' | 'wrong' | 'none';

/**
 * The saves choosing, for each question of the paper's own order, its key, another option, or
 * nothing; `paper` is the admin's reading (with keys).
 */
export function savesFor(paper: Paper, choices: readonly Choice[]): Save[] {
  const saves: Save[] = [];
  (paper.questions ?? []).forEach((question, index) => {
    const pick = choices[index] ?? 'none';
    if (pick === 'none') return;
    const key = question.options[question.correct];
    const other = question.options.find((_, place) => place !== question.correct);
    const option = pick === 'right' ? key : other;
    if (!option) throw new Error(`question ${index} has no ${pick} option`);
    saves.push({ seq: saves.length + 1, questionId: question.id, optionId: option.id });
  });
  return saves;
}

/** Starts the paper and saves the choices; with `handIn: false` the attempt is left open. */
export async function sit(
  app: FastifyInstance,
  admin: Headers,
  student: Headers,
  paperId: string,
  choices: readonly Choice[],
  options: { handIn: boolean } = { handIn: true },
): Promise<Sitting> {
  const sitting = await startSitting(app, student, paperId);
  const saves = savesFor(await getPaper(app, admin, paperId), choices);
  if (options.handIn) await handInOk(app, student, paperId, { device: sitting.device, saves });
  else if (saves.length > 0) await saveAnswers(app, student, paperId, { device: sitting.device, saves });
  return sitting;
}

export type Results = ResultsAnswer['data'];

export async function getResults(app: FastifyInstance, admin: Headers, paperId: string): Promise<Results> {
  return okData<ResultsAnswer>(await app.inject({ method: 'GET', url: `/api/papers/${paperId}/results`, headers: admin }));
}

/** Waits until the tutor's results say `done` (the close or release job has run). */
export async function waitForResults(app: FastifyInstance, admin: Headers, paperId: string, done: (results: Results) => boolean): Promise<Results> {
  return vi.waitFor(
    async () => {
      const results = await getResults(app, admin, paperId);
      if (!done(results)) throw new Error(`results not there yet: ${JSON.stringify(results.paper)}`);
      return results;
    },
    { timeout: JOB_WAIT_MS, interval: 100 },
  );
}

export const resultsReady = (results: Results) => results.paper.resultsReadyAt !== null;
export const released = (results: Results) => results.paper.releasedAt !== null;
