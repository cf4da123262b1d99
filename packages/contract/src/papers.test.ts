import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-log-text';
import { driveItemSchema } from './class-material';
import {
  answersBodySchema,
  createPaperBodySchema,
  extraTimeBodySchema,
  handInBodySchema,
  inSittingOrder,
  instantSchema,
  MAX_SAVES_PER_REQUEST,
  PAPER_MIME_TYPE,
  paperImageAddress,
  paperRefusalSchema,
  PAPERS_PATHS,
  regradeBodySchema,
  regradePreviewBodySchema,
  reopenBodySchema,
  startBodySchema,
  updatePaperBodySchema,
} from './papers';
import { handedInMessage, paperClosedMessage, paperOpensMessage, PAPERS_TEXT, rowTooLongReason, timeUpMessage } from './papers-text';

// The papers contract on its own: the rules between fields that the server and the editor's form
// both rely on, and the sentences with a Sri Lanka time in them. Refusals are read as the server
// answers them, '<field> <sentence>' (plugins/errors.ts joins the path with dots).

function refusals(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
}

function question(overrides: Record<string, unknown> = {}) {
  return { text: 'Who built the Sigiriya fortress?', options: ['Kashyapa', 'Dhatusena', 'Parakramabahu', 'Vijaya'], correct: 0, ...overrides };
}

function paperBody(overrides: Record<string, unknown> = {}) {
  return {
    folderId: 'class-folder-id',
    title: 'Unit 3 MCQ',
    opensAt: '2026-12-12T20:00:00+05:30',
    closesAt: '2026-12-12T22:00:00+05:30',
    timeLimitMinutes: 60,
    questions: [question()],
    ...overrides,
  };
}

describe('instants', () => {
  it('keeps a time with its offset as the UTC instant', () => {
    expect(instantSchema.parse('2026-12-12T20:00:00+05:30')).toBe('2026-12-12T14:30:00.000Z');
    expect(instantSchema.parse('2026-12-12T14:30:00Z')).toBe('2026-12-12T14:30:00.000Z');
    expect(instantSchema.parse('2026-12-12T14:30:00.123456Z')).toBe('2026-12-12T14:30:00.123Z');
    expect(instantSchema.parse('2026-12-12T20:00+05:30')).toBe('2026-12-12T14:30:00.000Z');
  });

  it('refuses a time without an offset, a day that does not exist, and what is no time at all', () => {
    for (const value of ['2026-12-12T20:00:00', '2026-12-12', '2026-02-30T10:00:00Z', '2026-13-01T10:00:00Z', 'tomorrow', 1765549800000]) {
      expect(instantSchema.safeParse(value).success, String(value)).toBe(false);
    }
    expect(refusals(createPaperBodySchema.safeParse(paperBody({ opensAt: '2026-12-12T20:00:00' })))).toEqual([
      `opensAt ${PAPERS_TEXT.timeWithOffset}`,
    ]);
  });
});

describe('a paper body', () => {
  it('fills in the settings a body leaves out', () => {
    const paper = createPaperBodySchema.parse(paperBody());
    expect(paper).toMatchObject({
      instructions: '',
      shuffleQuestions: true,
      shuffleOptions: true,
      review: 'explanations',
      releaseAt: null,
      batch: '',
      meritTop: 10,
      opensAt: '2026-12-12T14:30:00.000Z',
      closesAt: '2026-12-12T16:30:00.000Z',
    });
    expect(paper.questions[0]).toMatchObject({ image: null, marks: 1, explanation: '' });
  });

  it('takes a close exactly a minute after the opening, and opening times in the past', () => {
    const body = paperBody({ opensAt: '2020-01-01T08:00:00Z', closesAt: '2020-01-01T08:01:00Z' });
    expect(createPaperBodySchema.safeParse(body).success).toBe(true);
  });

  it('refuses a close less than a minute after the opening, whatever offsets the two are written in', () => {
    const body = paperBody({ opensAt: '2026-12-12T20:00:00+05:30', closesAt: '2026-12-12T14:30:59Z' });
    expect(refusals(createPaperBodySchema.safeParse(body))).toEqual([`closesAt ${PAPERS_TEXT.closeAfterOpen}`]);
    const before = paperBody({ closesAt: '2026-12-12T19:00:00+05:30' });
    expect(refusals(updatePaperBodySchema.safeParse(before))).toEqual([`closesAt ${PAPERS_TEXT.closeAfterOpen}`]);
  });

  it('takes a release at the close or later, or none, and refuses one before the close', () => {
    expect(createPaperBodySchema.safeParse(paperBody({ releaseAt: '2026-12-12T16:30:00Z' })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ releaseAt: null })).success).toBe(true);
    const early = paperBody({ releaseAt: '2026-12-12T21:59:00+05:30' });
    expect(refusals(createPaperBodySchema.safeParse(early))).toEqual([`releaseAt ${PAPERS_TEXT.releaseAfterClose}`]);
  });

  it('names the time rules beside every other refused field, so the form shows all at once', () => {
    const body = paperBody({ title: '', closesAt: '2026-12-12T19:00:00+05:30', releaseAt: '2026-12-12T18:00:00+05:30' });
    expect(refusals(createPaperBodySchema.safeParse(body)).sort()).toEqual(
      ['title is required', `closesAt ${PAPERS_TEXT.closeAfterOpen}`, `releaseAt ${PAPERS_TEXT.releaseAfterClose}`].sort(),
    );
  });

  it('keeps the limits of title, time limit, questions, batch and merit list size', () => {
    expect(refusals(createPaperBodySchema.safeParse(paperBody({ title: 'x'.repeat(121) })))).toEqual(['title must be at most 120 characters']);
    expect(createPaperBodySchema.safeParse(paperBody({ title: 'x'.repeat(120) })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ timeLimitMinutes: 0 })).success).toBe(false);
    expect(createPaperBodySchema.safeParse(paperBody({ timeLimitMinutes: 601 })).success).toBe(false);
    expect(createPaperBodySchema.safeParse(paperBody({ timeLimitMinutes: 1.5 })).success).toBe(false);
    // A paper may have no MCQ question at all: its written part is all there is to sit.
    expect(createPaperBodySchema.safeParse(paperBody({ questions: [] })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ questions: Array.from({ length: 150 }, () => question()) })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ questions: Array.from({ length: 151 }, () => question()) })).success).toBe(false);
    expect(createPaperBodySchema.safeParse(paperBody({ batch: '2026' })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ batch: '2019' })).success).toBe(false);
    expect(createPaperBodySchema.safeParse(paperBody({ meritTop: 30 })).success).toBe(true);
    expect(createPaperBodySchema.safeParse(paperBody({ meritTop: 31 })).success).toBe(false);
    expect(createPaperBodySchema.safeParse(paperBody({ review: 'answers' })).success).toBe(false);
  });

  it('needs a folder to create, and takes none to edit', () => {
    const { folderId: _folderId, ...withoutFolder } = paperBody();
    expect(refusals(createPaperBodySchema.safeParse(withoutFolder))).toEqual(['folderId is required']);
    expect(updatePaperBodySchema.safeParse(withoutFolder).success).toBe(true);
  });
});

describe('a question', () => {
  function questionRefusals(overrides: Record<string, unknown>): string[] {
    return refusals(createPaperBodySchema.safeParse(paperBody({ questions: [question(), question(overrides)] })));
  }

  it('takes a key at any index of its options, from 0', () => {
    expect(questionRefusals({ correct: 0 })).toEqual([]);
    expect(questionRefusals({ correct: 3 })).toEqual([]);
  });

  it('refuses a key outside its options, naming questions.N.correct', () => {
    const refused = `questions.1.correct ${PAPERS_TEXT.correctInOptions}`;
    expect(questionRefusals({ correct: 4 })).toEqual([refused]);
    expect(questionRefusals({ correct: -1 })).toEqual([refused]);
    expect(questionRefusals({ correct: 1.5 })).toEqual([refused]);
    expect(questionRefusals({ correct: '1' })).toEqual([refused]);
    expect(questionRefusals({ options: ['A', 'B'], correct: 2 })).toEqual([refused]);
  });

  it('names a key outside its options even when an option is refused too', () => {
    expect(questionRefusals({ options: ['A', 'B', 'x'.repeat(301)], correct: 5 }).sort()).toEqual(
      ['questions.1.options.2 must be at most 300 characters', `questions.1.correct ${PAPERS_TEXT.correctInOptions}`].sort(),
    );
  });

  it('takes 2 to 6 options and refuses 1 or 7', () => {
    expect(questionRefusals({ options: ['A', 'B'], correct: 1 })).toEqual([]);
    expect(questionRefusals({ options: ['A', 'B', 'C', 'D', 'E', 'F'], correct: 5 })).toEqual([]);
    expect(questionRefusals({ options: ['A'], correct: 0 })).toEqual(['questions.1.options must have at least 2 options']);
    expect(questionRefusals({ options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'], correct: 0 })).toEqual(['questions.1.options must have at most 6 options']);
  });

  it('refuses options that are the same once spaces and letter case are set aside', () => {
    const refused = `questions.1.options ${PAPERS_TEXT.optionsDistinct}`;
    expect(questionRefusals({ options: ['Kandy', ' kandy ', 'Galle'] })).toEqual([refused]);
    // The same Sinhala word typed as one composed vowel sign or as its two parts.
    expect(questionRefusals({ options: ['කොළඹ', 'ක\u0DD9\u0DCFළඹ'] })).toEqual([refused]);
    expect(questionRefusals({ options: ['කොළඹ', 'මහනුවර'] })).toEqual([]);
  });

  it('refuses empty and overlong text, and marks outside 1 to 100', () => {
    expect(questionRefusals({ text: '   ' })).toEqual(['questions.1.text is required']);
    expect(questionRefusals({ text: 'අ'.repeat(1501) })).toEqual(['questions.1.text must be at most 1500 characters']);
    expect(questionRefusals({ options: ['A', ''], correct: 0 })).toEqual(['questions.1.options.1 is required']);
    expect(questionRefusals({ explanation: 'x'.repeat(1501) })).toEqual(['questions.1.explanation must be at most 1500 characters']);
    expect(questionRefusals({ marks: 100 })).toEqual([]);
    expect(questionRefusals({ marks: 0 })).toEqual(['questions.1.marks must be a whole number from 1 to 100']);
    expect(questionRefusals({ marks: 101 })).toEqual(['questions.1.marks must be a whole number from 1 to 100']);
  });

  it('takes an image by the hash an upload answered, and nothing else', () => {
    expect(questionRefusals({ image: 'a'.repeat(64) })).toEqual([]);
    expect(questionRefusals({ image: '../../etc/passwd' })).toEqual([`questions.1.image ${PAPERS_TEXT.notUploadedImage}`]);
  });
});

describe('sitting', () => {
  const save = (seq: number, questionId = 'q1', optionId: string | null = 'o1') => ({ seq, questionId, optionId });

  it('takes a device key of 16 to 64 url-safe characters', () => {
    expect(startBodySchema.safeParse({ deviceKey: 'a'.repeat(16) }).success).toBe(true);
    expect(startBodySchema.safeParse({ deviceKey: 'a'.repeat(15) }).success).toBe(false);
    expect(startBodySchema.safeParse({ deviceKey: 'a'.repeat(65) }).success).toBe(false);
    expect(startBodySchema.safeParse({ deviceKey: 'a'.repeat(15) + '/' }).success).toBe(false);
  });

  it('takes saves with a seq from 1, in any order, and a cleared answer', () => {
    const body = answersBodySchema.parse({ device: 1, saves: [save(3), save(1, 'q2'), save(2, 'q1', null)] });
    expect(body.saves.map((s) => s.seq)).toEqual([3, 1, 2]);
    expect(body.events).toEqual([]);
  });

  it('refuses a seq that is not a whole number from 1, naming saves.N.seq', () => {
    for (const seq of [0, -1, 1.5, '2']) {
      expect(refusals(answersBodySchema.safeParse({ device: 1, saves: [save(1), { ...save(2), seq }] }))).toEqual([
        `saves.1.seq ${PAPERS_TEXT.seqFromOne}`,
      ]);
    }
  });

  it('refuses two saves of one request with the same seq: the answer names saves by it', () => {
    const body = { device: 1, saves: [save(1, 'q1'), save(2, 'q2'), save(1, 'q3')] };
    expect(refusals(answersBodySchema.safeParse(body))).toEqual([`saves.2.seq ${PAPERS_TEXT.seqRepeated}`]);
  });

  it('needs a save to say what it sets, a cleared answer included', () => {
    expect(answersBodySchema.safeParse({ device: 1, saves: [{ seq: 1, questionId: 'q1' }] }).success).toBe(false);
  });

  it('takes at most 100 saves a request', () => {
    const saves = Array.from({ length: MAX_SAVES_PER_REQUEST + 1 }, (_, index) => save(index + 1, `q${index}`));
    expect(answersBodySchema.safeParse({ device: 1, saves: saves.slice(0, MAX_SAVES_PER_REQUEST) }).success).toBe(true);
    expect(refusals(answersBodySchema.safeParse({ device: 1, saves }))).toEqual(['saves must hold at most 100 saves']);
  });

  it('needs the device number the start answered', () => {
    expect(answersBodySchema.safeParse({ device: 0, saves: [] }).success).toBe(false);
    expect(answersBodySchema.safeParse({ saves: [] }).success).toBe(false);
  });

  it('takes a hand-in with nothing waiting', () => {
    expect(handInBodySchema.parse({ device: 2 })).toEqual({ device: 2, saves: [], events: [] });
  });

  it('takes page-away and offline periods, and refuses one that ends before it starts', () => {
    const event = { id: 'evt-00001', kind: 'away', from: '2026-12-12T14:40:00Z', to: '2026-12-12T14:41:00Z' };
    expect(handInBodySchema.safeParse({ device: 1, events: [event] }).success).toBe(true);
    expect(refusals(handInBodySchema.safeParse({ device: 1, events: [{ ...event, to: '2026-12-12T14:39:00Z' }] }))).toEqual([
      `events.0.to ${PAPERS_TEXT.eventEndsBeforeStart}`,
    ]);
    expect(handInBodySchema.safeParse({ device: 1, events: [{ ...event, kind: 'asleep' }] }).success).toBe(false);
  });
});

describe("a student's order of the shared questions", () => {
  const questions = ['q1', 'q2', 'q3'].map((id) => ({ id, text: id, image: null, marks: 1, options: ['a', 'b', 'c'].map((letter) => ({ id: `${id}${letter}`, text: letter })) }));

  it("puts the questions and each one's options in the order the start gave", () => {
    const shown = inSittingOrder(questions, { questions: [2, 0, 1], options: [[1, 0, 2], [0, 1, 2], [2, 1, 0]] });
    expect(shown.map((question) => [question.id, ...question.options.map((option) => option.id)])).toEqual([
      ['q3', 'q3c', 'q3b', 'q3a'],
      ['q1', 'q1b', 'q1a', 'q1c'],
      ['q2', 'q2a', 'q2b', 'q2c'],
    ]);
  });

  it('refuses an order that does not fit the questions (another version of the paper)', () => {
    expect(() => inSittingOrder(questions, { questions: [3], options: [[0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 1, 2]] })).toThrow();
    expect(() => inSittingOrder(questions, { questions: [0], options: [[0, 1]] })).toThrow();
    expect(() => inSittingOrder(questions, { questions: [0], options: [[0, 1, 5]] })).toThrow();
  });
});

describe("the tutor's actions", () => {
  it('takes extra time from 0 to 600 minutes, and a reopening from 1 to 600', () => {
    expect(extraTimeBodySchema.safeParse({ minutes: 0 }).success).toBe(true);
    expect(extraTimeBodySchema.safeParse({ minutes: 600 }).success).toBe(true);
    expect(extraTimeBodySchema.safeParse({ minutes: 601 }).success).toBe(false);
    expect(reopenBodySchema.safeParse({ minutes: 0 }).success).toBe(false);
    expect(reopenBodySchema.safeParse({ minutes: 1 }).success).toBe(true);
  });

  it('takes a regrade change of the key, the marks or dropping, and refuses one that changes nothing', () => {
    expect(regradePreviewBodySchema.safeParse({ changes: [{ questionId: 'q1', correct: 2 }, { questionId: 'q2', dropped: true }] }).success).toBe(true);
    expect(refusals(regradePreviewBodySchema.safeParse({ changes: [{ questionId: 'q1' }] }))).toEqual([`changes.0 ${PAPERS_TEXT.regradeChangesNothing}`]);
    expect(refusals(regradePreviewBodySchema.safeParse({ changes: [] }))).toEqual(['changes must hold at least one change']);
  });

  it('refuses a regrade that names a question twice, and one without the basis of a preview', () => {
    const changes = [{ questionId: 'q1', correct: 1 }, { questionId: 'q1', marks: 2 }];
    expect(refusals(regradePreviewBodySchema.safeParse({ changes }))).toEqual([`changes.1.questionId ${PAPERS_TEXT.questionNamedTwice}`]);
    expect(regradeBodySchema.safeParse({ changes: [changes[0]], basis: 'f'.repeat(64) }).success).toBe(true);
    expect(regradeBodySchema.safeParse({ changes: [changes[0]] }).success).toBe(false);
  });
});

describe('sentences in Sri Lanka time', () => {
  it('say the day and time a paper opens and closed', () => {
    expect(paperOpensMessage('2026-12-12T14:30:00.000Z')).toBe('This paper is not open yet. It opens at Sat 12 Dec 8:00 PM.');
    expect(paperClosedMessage('2026-12-12T16:30:00.000Z')).toBe('This paper closed at Sat 12 Dec 10:00 PM.');
  });

  it('turn the day over at Sri Lanka midnight, not UTC midnight', () => {
    expect(paperOpensMessage('2026-12-12T18:30:00.000Z')).toBe('This paper is not open yet. It opens at Sun 13 Dec 12:00 AM.');
    expect(paperOpensMessage('2026-12-12T18:29:00.000Z')).toBe('This paper is not open yet. It opens at Sat 12 Dec 11:59 PM.');
    expect(paperClosedMessage('2026-12-13T06:30:00.000Z')).toBe('This paper closed at Sun 13 Dec 12:00 PM.');
  });

  it('say the time of a hand-in and of the end of the grace', () => {
    expect(handedInMessage('2026-12-12T15:22:00.000Z')).toBe('This paper was handed in at 8:52 PM.');
    expect(timeUpMessage('2026-12-12T15:31:00.000Z')).toBe('Time is up: answers that reached the server after 9:01 PM could not count.');
  });

  it('say limits as a reader writes them', () => {
    expect(rowTooLongReason('question', 1500)).toBe('question is longer than 1,500 characters');
  });
});

describe('the rest of the contract', () => {
  it('keeps every path under papers/', () => {
    for (const path of Object.values(PAPERS_PATHS)) expect(path.startsWith('papers')).toBe(true);
    expect(paperImageAddress('p 1', 'abc')).toBe('/api/papers/p%201/images/abc');
  });

  it("lists a paper among a folder's items with its state", () => {
    const item = {
      id: 'paper-1',
      name: 'Unit 3 MCQ',
      mimeType: PAPER_MIME_TYPE,
      paper: {
        state: 'open',
        opensAt: '2026-12-12T14:30:00.000Z',
        closesAt: '2026-12-12T16:30:00.000Z',
        timeLimitMinutes: 60,
        mine: { state: 'sitting', deadline: '2026-12-12T15:40:00.000Z' },
        serverNow: '2026-12-12T15:00:00.000Z',
      },
    };
    expect(driveItemSchema.parse(item).paper?.mine?.state).toBe('sitting');
  });

  it('keeps the instants and the held answers a refusal carries', () => {
    const refusal = {
      code: 409,
      message: timeUpMessage('2026-12-12T15:31:00.000Z'),
      data: null,
      deadline: '2026-12-12T15:30:00.000Z',
      acceptedUntil: '2026-12-12T15:31:00.000Z',
      current: [{ questionId: 'q1', optionId: null, seq: 4 }],
    };
    expect(paperRefusalSchema.parse(refusal)).toEqual(refusal);
  });

  it('names every paper action of the audit log, and the paper as a target', () => {
    const paperActions = AUDIT_ACTIONS.filter((action) => action.startsWith('paper.'));
    expect(paperActions).toEqual([
      'paper.create',
      'paper.edit',
      'paper.delete',
      'paper.release',
      'paper.regrade',
      'paper.extra-time',
      'paper.reopen',
      'paper.merit-list',
      'paper.written',
      'paper.written-remove',
      'paper.written-sheet',
      'paper.script-assign',
      'paper.script-mark',
      'paper.script-annotate',
    ]);
    for (const action of paperActions) expect(AUDIT_ACTION_LABELS[action]).toBeTruthy();
    expect(AUDIT_TARGET_TYPES).toContain('paper');
  });
});
