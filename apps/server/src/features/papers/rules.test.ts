// The time rules of a paper (rules.ts): states, deadlines, grace, starts, saves and edits.
// Times are written as Sri Lanka wall time with its offset, as a tutor sets them: the rules work
// in instants, so the same paper read at the same instant gives the same answer in any zone.
import { describe, expect, it } from 'vitest';
import {
  acceptedUntil,
  attemptDeadline,
  isAttemptClosed,
  judgeEdit,
  judgeStart,
  paperState,
  reopenedDeadline,
  saveCounts,
  saveTiming,
  studentListing,
  type PaperClock,
  type PaperFrame,
} from './rules';

const at = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const MINUTE = 60_000;
const GRACE = 60_000;

const paper: PaperClock = { opensAt: at('2026-12-12T20:00:00'), closesAt: at('2026-12-12T22:00:00'), resultsReady: false, released: false };

describe('a paper over its life', () => {
  it('is scheduled until its opening, open from it until the close, closed from the close', () => {
    expect(paperState(paper, paper.opensAt - 1)).toBe('scheduled');
    expect(paperState(paper, paper.opensAt)).toBe('open');
    expect(paperState(paper, paper.closesAt - 1)).toBe('open');
    expect(paperState(paper, paper.closesAt)).toBe('closed');
  });

  it('reads the same instant alike whatever zone the time was written in', () => {
    expect(paperState(paper, Date.parse('2026-12-12T14:30:00Z'))).toBe('open');
    expect(paperState(paper, Date.parse('2026-12-12T14:29:59.999Z'))).toBe('scheduled');
  });

  it('has results ready once stored, and is released once released', () => {
    const after = paper.closesAt + MINUTE;
    expect(paperState({ ...paper, resultsReady: true }, after)).toBe('results-ready');
    expect(paperState({ ...paper, resultsReady: true, released: true }, after)).toBe('released');
  });

  it('is open again when its close moved past now, whatever was stored', () => {
    expect(paperState({ ...paper, resultsReady: true }, paper.closesAt - 1)).toBe('open');
  });
});

describe('an attempt\'s deadline', () => {
  const startedAt = at('2026-12-12T20:10:00');

  it('is start + limit + extra time when the close is later', () => {
    expect(attemptDeadline({ startedAt, timeLimitMinutes: 60, extraMinutes: 0, closesAt: paper.closesAt })).toBe(at('2026-12-12T21:10:00'));
    expect(attemptDeadline({ startedAt, timeLimitMinutes: 60, extraMinutes: 15, closesAt: paper.closesAt })).toBe(at('2026-12-12T21:25:00'));
  });

  it('is the close when that comes first: extra time never passes the close', () => {
    const late = at('2026-12-12T21:30:00');
    expect(attemptDeadline({ startedAt: late, timeLimitMinutes: 60, extraMinutes: 0, closesAt: paper.closesAt })).toBe(paper.closesAt);
    expect(attemptDeadline({ startedAt, timeLimitMinutes: 60, extraMinutes: 600, closesAt: paper.closesAt })).toBe(paper.closesAt);
    expect(attemptDeadline({ startedAt: paper.closesAt - 60 * MINUTE, timeLimitMinutes: 60, extraMinutes: 0, closesAt: paper.closesAt })).toBe(paper.closesAt);
  });

  it('accepts saves until deadline + grace; a reopening runs from now, past the close if asked', () => {
    expect(acceptedUntil(paper.closesAt, GRACE)).toBe(at('2026-12-12T22:01:00'));
    const now = at('2026-12-12T23:00:00');
    expect(reopenedDeadline(now, 30)).toBe(at('2026-12-12T23:30:00'));
  });
});

describe('a save at an instant', () => {
  const deadline = at('2026-12-12T21:00:00');
  const open = { deadline, handedInBy: null };

  it('counts on time up to the deadline itself, late in the grace, and not after it', () => {
    expect(saveTiming(open, deadline - 1, GRACE)).toBe('on-time');
    expect(saveTiming(open, deadline, GRACE)).toBe('on-time');
    expect(saveTiming(open, deadline + 1, GRACE)).toBe('late');
    expect(saveTiming(open, deadline + GRACE, GRACE)).toBe('late');
    expect(saveTiming(open, deadline + GRACE + 1, GRACE)).toBe('time-up');
    expect([deadline, deadline + GRACE, deadline + GRACE + 1].map((now) => saveCounts(saveTiming(open, now, GRACE)))).toEqual([true, true, false]);
  });

  it('with no grace, is refused the moment after the deadline', () => {
    expect(saveTiming(open, deadline, 0)).toBe('on-time');
    expect(saveTiming(open, deadline + 1, 0)).toBe('time-up');
  });

  it('is refused as handed in after the student handed in, and as time up after the server did', () => {
    expect(saveTiming({ deadline, handedInBy: 'student' }, deadline - MINUTE, GRACE)).toBe('handed-in');
    expect(saveTiming({ deadline, handedInBy: 'time' }, deadline - MINUTE, GRACE)).toBe('time-up');
    expect(saveCounts('handed-in')).toBe(false);
  });

  it('finds an attempt past its grace closed before the close job writes it down', () => {
    expect(isAttemptClosed(open, deadline + GRACE, GRACE)).toBe(false);
    expect(isAttemptClosed(open, deadline + GRACE + 1, GRACE)).toBe(true);
    expect(isAttemptClosed({ deadline, handedInBy: 'student' }, deadline - MINUTE, GRACE)).toBe(true);
  });
});

describe('pressing Start', () => {
  const deadline = at('2026-12-12T21:00:00');

  it('starts only while the paper is open, naming why not otherwise', () => {
    expect(judgeStart(paper, null, paper.opensAt - 1, GRACE)).toBe('not-open-yet');
    expect(judgeStart(paper, null, paper.opensAt, GRACE)).toBe('start');
    expect(judgeStart(paper, null, paper.closesAt, GRACE)).toBe('closed');
  });

  it('resumes a running attempt, even after the close while its grace lasts', () => {
    const atClose = { deadline: paper.closesAt, handedInBy: null };
    expect(judgeStart(paper, { deadline, handedInBy: null }, deadline - MINUTE, GRACE)).toBe('resume');
    expect(judgeStart(paper, atClose, paper.closesAt + GRACE, GRACE)).toBe('resume');
    expect(judgeStart(paper, atClose, paper.closesAt + GRACE + 1, GRACE)).toBe('time-up');
  });

  it('refuses a handed-in attempt as handed in or time up, by who closed it', () => {
    expect(judgeStart(paper, { deadline, handedInBy: 'student' }, deadline - MINUTE, GRACE)).toBe('handed-in');
    expect(judgeStart(paper, { deadline, handedInBy: 'time' }, deadline + GRACE + 1, GRACE)).toBe('time-up');
  });
});

describe('a student\'s listing', () => {
  const deadline = at('2026-12-12T21:00:00');

  it('says not started before and during the paper, not sat after its close', () => {
    expect(studentListing(paper, null, paper.opensAt - 1, GRACE)).toEqual({ state: 'scheduled', mine: { state: 'not-started' } });
    expect(studentListing(paper, null, paper.opensAt, GRACE)).toEqual({ state: 'open', mine: { state: 'not-started' } });
    expect(studentListing({ ...paper, resultsReady: true, released: true }, null, paper.closesAt, GRACE)).toEqual({ state: 'released', mine: { state: 'not-sat' } });
  });

  it('says sitting with the deadline until the grace ends, then handed in', () => {
    const attempt = { deadline, handedInBy: null };
    expect(studentListing(paper, attempt, deadline + GRACE, GRACE)).toEqual({ state: 'open', mine: { state: 'sitting', deadline } });
    expect(studentListing(paper, attempt, deadline + GRACE + 1, GRACE)).toEqual({ state: 'open', mine: { state: 'handed-in' } });
    expect(studentListing({ ...paper, resultsReady: true, released: true }, { deadline, handedInBy: 'student' }, paper.closesAt, GRACE)).toEqual({
      state: 'released',
      mine: { state: 'handed-in' },
    });
  });
});

describe('an edit after the first start', () => {
  const stored: PaperFrame = {
    opensAt: paper.opensAt,
    closesAt: paper.closesAt,
    timeLimitMinutes: 60,
    shuffleQuestions: true,
    shuffleOptions: true,
    questions: [
      { optionCount: 4, correct: 0, marks: 1 },
      { optionCount: 5, correct: 3, marks: 2 },
    ],
  };

  it('changes anything before the first start', () => {
    const edited = { ...stored, opensAt: stored.opensAt + MINUTE, closesAt: stored.closesAt - MINUTE, questions: [] };
    expect(judgeEdit(stored, edited, false)).toEqual({ frozen: [], closeMovedEarlier: false });
  });

  it('keeps the opening, the limit, the shuffling, keys and marks, naming each field', () => {
    const edited: PaperFrame = {
      ...stored,
      opensAt: stored.opensAt - MINUTE,
      timeLimitMinutes: 90,
      shuffleQuestions: false,
      shuffleOptions: false,
      questions: [
        { optionCount: 4, correct: 1, marks: 3 },
        { optionCount: 4, correct: 3, marks: 2 },
      ],
    };
    expect(judgeEdit(stored, edited, true).frozen).toEqual([
      'opensAt',
      'timeLimitMinutes',
      'shuffleQuestions',
      'shuffleOptions',
      'questions.0.correct',
      'questions.0.marks',
      'questions.1.options',
    ]);
  });

  it('keeps the number of questions', () => {
    expect(judgeEdit(stored, { ...stored, questions: stored.questions.slice(1) }, true).frozen).toEqual(['questions']);
  });

  it('lets the close move later only, and leaves the rest free', () => {
    expect(judgeEdit(stored, { ...stored, closesAt: stored.closesAt + MINUTE }, true)).toEqual({ frozen: [], closeMovedEarlier: false });
    expect(judgeEdit(stored, { ...stored, closesAt: stored.closesAt - 1 }, true)).toEqual({ frozen: [], closeMovedEarlier: true });
  });
});
