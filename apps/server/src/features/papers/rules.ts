// The time rules of a paper (docs/papers.md 'A paper's life', 'What happens at the
// deadline', 'Admin actions'). Pure: the services read the rows and the server's clock, these
// rules decide. Every instant is milliseconds since the epoch by the server's clock, so Sri Lanka
// time only matters where an instant is written or shown, never here.

/** A paper's state as papers.md's table names it. */
export type PaperState = 'scheduled' | 'open' | 'closed' | 'results-ready' | 'released';

/** A student's own standing on a paper, for the folder listing's `mine`. */
export type MyPaperState = 'not-started' | 'sitting' | 'handed-in' | 'not-sat';

/** Who closed an attempt for good: the student's Hand in (or their phone at the deadline), or the server. */
export type HandedInBy = 'student' | 'time';

export interface PaperClock {
  opensAt: number;
  closesAt: number;
  /** Every attempt handed in and every rank stored (`results_ready_at` is set). */
  resultsReady: boolean;
  /** `released_at` is set: by hand, or by the release job at `releaseAt`. */
  released: boolean;
}

/** What the time rules need of an attempt. */
export interface AttemptClock {
  deadline: number;
  /** Null while the attempt is open, including while it waits in its grace. */
  handedInBy: HandedInBy | null;
}

const MINUTE_MS = 60_000;

/**
 * The close decides before the stored facts: a close moved later after results were ready opens
 * the paper again, and the service must then clear `results_ready_at`, as a reopening does.
 */
export function paperState(paper: PaperClock, now: number): PaperState {
  if (now < paper.opensAt) return 'scheduled';
  if (now < paper.closesAt) return 'open';
  if (paper.released) return 'released';
  return paper.resultsReady ? 'results-ready' : 'closed';
}

export interface DeadlineInputs {
  startedAt: number;
  timeLimitMinutes: number;
  /** The student's accommodation, 0 when none. */
  extraMinutes: number;
  closesAt: number;
}

/** The earlier of start + limit + extra time and the close: extra time never passes the close. */
export function attemptDeadline(inputs: DeadlineInputs): number {
  return Math.min(inputs.startedAt + (inputs.timeLimitMinutes + inputs.extraMinutes) * MINUTE_MS, inputs.closesAt);
}

/** A reopening's deadline: the minutes asked from now, past the close if need be (an explicit, audited act). */
export function reopenedDeadline(now: number, minutes: number): number {
  return now + minutes * MINUTE_MS;
}

/** The last instant a save still counts: the grace covers the network, not the student. */
export function acceptedUntil(deadline: number, graceMs: number): number {
  return deadline + graceMs;
}

/** Handed in for good, whether or not the close job has written it down yet. */
export function isAttemptClosed(attempt: AttemptClock, now: number, graceMs: number): boolean {
  return attempt.handedInBy !== null || now > acceptedUntil(attempt.deadline, graceMs);
}

/**
 * How a save arriving at `now` is taken: `on-time` and `late` count (a late one arrived in the
 * grace and is counted for the tutor); `handed-in` and `time-up` are the two refusals of papers.md,
 * a student's hand-in and the server's. Saving at the deadline itself is on time.
 */
export type SaveTiming = 'on-time' | 'late' | 'handed-in' | 'time-up';

export function saveTiming(attempt: AttemptClock, now: number, graceMs: number): SaveTiming {
  if (attempt.handedInBy === 'student') return 'handed-in';
  if (attempt.handedInBy === 'time' || now > acceptedUntil(attempt.deadline, graceMs)) return 'time-up';
  return now > attempt.deadline ? 'late' : 'on-time';
}

export function saveCounts(timing: SaveTiming): boolean {
  return timing === 'on-time' || timing === 'late';
}

/** What pressing Start does: a first start, the same attempt again, or one of papers.md's 409s. */
export type StartVerdict = 'start' | 'resume' | 'not-open-yet' | 'closed' | 'handed-in' | 'time-up';

export function judgeStart(paper: Pick<PaperClock, 'opensAt' | 'closesAt'>, attempt: AttemptClock | null, now: number, graceMs: number): StartVerdict {
  if (attempt) {
    const timing = saveTiming(attempt, now, graceMs);
    return timing === 'handed-in' || timing === 'time-up' ? timing : 'resume';
  }
  if (now < paper.opensAt) return 'not-open-yet';
  return now < paper.closesAt ? 'start' : 'closed';
}

export interface PaperListing {
  state: PaperState;
  mine: { state: MyPaperState; deadline?: number };
}

/**
 * A student's listing: `sitting` lasts until the grace ends, as the server still takes saves until
 * then; the web line reads the deadline it carries, so it says the time is up from the deadline.
 */
export function studentListing(paper: PaperClock, attempt: AttemptClock | null, now: number, graceMs: number): PaperListing {
  const state = paperState(paper, now);
  if (!attempt) return { state, mine: { state: now < paper.closesAt ? 'not-started' : 'not-sat' } };
  if (isAttemptClosed(attempt, now, graceMs)) return { state, mine: { state: 'handed-in' } };
  return { state, mine: { state: 'sitting', deadline: attempt.deadline } };
}

/** The part of a paper that an edit after the first start may not change (papers.md 'Admin actions'). */
export interface PaperFrame {
  opensAt: number;
  closesAt: number;
  timeLimitMinutes: number;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** In the paper's own order: an edit's questions are matched to the stored ones by position. */
  questions: readonly FrameQuestion[];
}

export interface FrameQuestion {
  optionCount: number;
  /** 0-based index of the key among the options. */
  correct: number;
  marks: number;
}

export interface EditVerdict {
  /**
   * Fields whose change is refused, named as the body names them (`opensAt`, `questions`,
   * `questions.3.correct`): the 409's `errors`. Wording, images, explanations and the settings not
   * listed stay free, so a typo can still be fixed while students sit.
   */
  frozen: string[];
  /** The close moved earlier: its own 409, since only a later close is allowed once started. */
  closeMovedEarlier: boolean;
}

/** Keys and marks are frozen too: they change through a regrade, which remarks everyone at once. */
export function judgeEdit(stored: PaperFrame, edited: PaperFrame, started: boolean): EditVerdict {
  if (!started) return { frozen: [], closeMovedEarlier: false };
  const frozen: string[] = [];
  if (edited.opensAt !== stored.opensAt) frozen.push('opensAt');
  if (edited.timeLimitMinutes !== stored.timeLimitMinutes) frozen.push('timeLimitMinutes');
  if (edited.shuffleQuestions !== stored.shuffleQuestions) frozen.push('shuffleQuestions');
  if (edited.shuffleOptions !== stored.shuffleOptions) frozen.push('shuffleOptions');
  if (edited.questions.length !== stored.questions.length) {
    frozen.push('questions');
  } else {
    stored.questions.forEach((before, index) => {
      const after = edited.questions[index];
      if (!after) return;
      if (after.optionCount !== before.optionCount) frozen.push(`questions.${index}.options`);
      else if (after.correct !== before.correct) frozen.push(`questions.${index}.correct`);
      if (after.marks !== before.marks) frozen.push(`questions.${index}.marks`);
    });
  }
  return { frozen, closeMovedEarlier: edited.closesAt < stored.closesAt };
}
