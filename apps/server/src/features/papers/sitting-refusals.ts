// The sitting calls' refusals (papers.md 'Refusals'): the sentence, in Sri Lanka time, and the
// instants it speaks of as extra fields (paperRefusalSchema), so the web app can say the same in
// the reader's language. `current` tells a phone which of the choices it sent counted. The sitting
// service's cheap checks and the attempt writer's judgement under its lock refuse in the same words.
import { handedInMessage, paperClosedMessage, paperOpensMessage, PAPERS_TEXT, timeUpMessage, type HeldAnswer } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { SittingAttempt } from './attempt-repo';
import type { PaperRow } from './paper-repo';
import { iso } from './rows';
import { acceptedUntil, type SaveTiming, type StartVerdict } from './rules';

export const sittingRefusals = {
  onlyStudents: () => errors.forbidden(PAPERS_TEXT.onlyStudentsSit),
  notStarted: () => errors.notFound(PAPERS_TEXT.notStarted),
  unknownDevice: () => new AppError(409, PAPERS_TEXT.unknownDevice),
  notOpenYet: (opensAt: number) => new AppError(409, paperOpensMessage(iso(opensAt)), [], { opensAt: iso(opensAt) }),
  closed: (closesAt: number) => new AppError(409, paperClosedMessage(iso(closesAt)), [], { closesAt: iso(closesAt) }),
  handedIn: (handedInAt: string, current?: HeldAnswer[]) =>
    new AppError(409, handedInMessage(handedInAt), [], { handedInAt, ...(current ? { current } : {}) }),
  timeUp: (deadline: number, acceptedUntil: number, current?: HeldAnswer[]) =>
    new AppError(409, timeUpMessage(iso(acceptedUntil)), [], {
      deadline: iso(deadline),
      acceptedUntil: iso(acceptedUntil),
      ...(current ? { current } : {}),
    }),
};

/** A closed attempt's refusal: handed in by the student, or its time up (the server's hand-in). */
export function closedRefusal(timing: SaveTiming, attempt: SittingAttempt, graceMs: number, current?: HeldAnswer[]): AppError {
  if (timing === 'handed-in' && attempt.handed_in_at) return sittingRefusals.handedIn(attempt.handed_in_at, current);
  const deadline = Date.parse(attempt.deadline_at);
  return sittingRefusals.timeUp(deadline, acceptedUntil(deadline, graceMs), current);
}

/** The refusal of a start the rules do not let through (`judgeStart`'s verdict is neither start nor resume). */
export function startRefusal(verdict: StartVerdict, paper: Pick<PaperRow, 'opens_at' | 'closes_at'>, attempt: SittingAttempt | undefined, graceMs: number): AppError {
  if (verdict === 'not-open-yet') return sittingRefusals.notOpenYet(Date.parse(paper.opens_at));
  if (!attempt) return sittingRefusals.closed(Date.parse(paper.closes_at));
  return closedRefusal(verdict === 'handed-in' ? 'handed-in' : 'time-up', attempt, graceMs);
}
