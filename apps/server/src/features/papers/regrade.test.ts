// A regrade's plan (regrade.ts): the new key, the marks again, the ranks before and after, and who
// moves. The plan alone; that the regrade route stores exactly what its preview showed is proved
// against a database beside the routes (regrade-api.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markAttempt, maxMarksOf } from './marking';
import { planRegrade, regradeBasis, regradeChangeErrors, type AttemptAnswer, type RegradeAttempt, type RegradeChange, type RegradePaper } from './regrade';

const paper: RegradePaper = {
  keyVersion: 0,
  questions: [
    { id: 'q1', optionIds: ['q1a', 'q1b', 'q1c', 'q1d'], keyOptionId: 'q1a', marks: 1, dropped: false },
    { id: 'q2', optionIds: ['q2a', 'q2b', 'q2c'], keyOptionId: 'q2b', marks: 2, dropped: false },
    { id: 'q3', optionIds: ['q3a', 'q3b'], keyOptionId: 'q3a', marks: 1, dropped: false },
  ],
};

const handedIn = '2026-12-12T15:20:00.000Z';
const attempts: RegradeAttempt[] = [
  { id: 's1', handedInAt: handedIn, marks: 3, district: 'Kandy', batch: '2026' },
  { id: 's2', handedInAt: handedIn, marks: 3, district: 'Colombo', batch: '2026' },
  { id: 's3', handedInAt: handedIn, marks: 1, district: 'Kandy', batch: '2027' },
  { id: 's4', handedInAt: null, marks: null, district: 'Kandy', batch: '2026' },
];

const chose = (attemptId: string, ...optionIds: string[]): AttemptAnswer[] => optionIds.map((optionId) => ({ attemptId, questionId: optionId.slice(0, 2), optionId }));
const answers = [...chose('s1', 'q1a', 'q2b', 'q3b'), ...chose('s2', 'q1c', 'q2b', 'q3a'), ...chose('s3', 'q1c', 'q2a', 'q3a'), ...chose('s4', 'q1c')];

describe('a regrade plan', () => {
  it('marks every handed-in attempt with the new key and lists who moves, by island rank after', () => {
    const plan = planRegrade(paper, attempts, answers, [{ questionId: 'q1', correct: 2 }]);
    expect(plan.questions[0]).toEqual({ id: 'q1', keyOptionId: 'q1c', marks: 1, dropped: false });
    expect(plan.changed).toEqual(['q1']);
    expect(plan.keyVersion).toBe(1);
    expect(plan.moves).toEqual([
      { attemptId: 's2', marksBefore: 3, marksAfter: 4, islandRankBefore: 1, islandRankAfter: 1 },
      { attemptId: 's1', marksBefore: 3, marksAfter: 2, islandRankBefore: 1, islandRankAfter: 2 },
      { attemptId: 's3', marksBefore: 1, marksAfter: 2, islandRankBefore: 3, islandRankAfter: 2 },
    ]);
    expect(plan.unchanged).toBe(0);
    expect(plan.attempts.map((a) => [a.id, a.correct, a.answered, a.districtRank, a.batchRank])).toEqual([
      ['s1', 1, 3, 1, 2],
      ['s2', 3, 3, 1, 1],
      ['s3', 2, 3, 1, 1],
    ]);
  });

  it('leaves an attempt still open out: it is marked at its hand-in with the new key', () => {
    const plan = planRegrade(paper, attempts, answers, [{ questionId: 'q1', correct: 2 }]);
    expect(plan.attempts.map((a) => a.id)).not.toContain('s4');
  });

  it('drops a question for everyone and takes it out of maxMarks', () => {
    const plan = planRegrade(paper, attempts, answers, [{ questionId: 'q2', dropped: true }]);
    expect([plan.maxMarksBefore, plan.maxMarksAfter]).toEqual([4, 2]);
    expect(plan.attempts.map((a) => [a.id, a.marksAfter, a.islandRankAfter])).toEqual([
      ['s1', 1, 1],
      ['s2', 1, 1],
      ['s3', 1, 1],
    ]);
  });

  it("changes a question's marks", () => {
    const plan = planRegrade(paper, attempts, answers, [{ questionId: 'q3', marks: 5 }]);
    expect(plan.maxMarksAfter).toBe(8);
    expect(plan.moves.map((m) => [m.attemptId, m.marksAfter, m.islandRankAfter])).toEqual([
      ['s2', 7, 1],
      ['s3', 5, 2],
      ['s1', 3, 3],
    ]);
  });

  it('moves no one when nothing changes, and still writes a new key version', () => {
    const plan = planRegrade(paper, attempts, answers, [{ questionId: 'q1', correct: 0 }]);
    expect(plan).toMatchObject({ moves: [], unchanged: 3, changed: [], keyVersion: 1 });
  });

  it('applies changes of one question in order', () => {
    const plan = planRegrade(paper, attempts, answers, [
      { questionId: 'q1', correct: 1, marks: 4 },
      { questionId: 'q1', correct: 3 },
    ]);
    expect(plan.questions[0]).toEqual({ id: 'q1', keyOptionId: 'q1d', marks: 4, dropped: false });
  });

  it('names a change of no question, or of no option, and refuses to plan it', () => {
    const changes: RegradeChange[] = [{ questionId: 'elsewhere' }, { questionId: 'q3', correct: 2 }, { questionId: 'q1', correct: -1 }, { questionId: 'q2', correct: 2 }];
    expect(regradeChangeErrors(paper, changes)).toEqual([
      { index: 0, field: 'questionId', problem: 'not-a-question' },
      { index: 1, field: 'correct', problem: 'not-an-option' },
      { index: 2, field: 'correct', problem: 'not-an-option' },
    ]);
    expect(() => planRegrade(paper, attempts, answers, changes)).toThrow(RangeError);
  });
});

describe('the basis', () => {
  const basis = regradeBasis(0, attempts);

  it('does not depend on the order attempts are read in', () => {
    expect(regradeBasis(0, [...attempts].reverse())).toBe(basis);
    expect(basis).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with a hand-in, a reopening, a remarking or another regrade', () => {
    const handIn = attempts.map((a) => (a.id === 's4' ? { ...a, handedInAt: handedIn, marks: 0 } : a));
    const reopen = attempts.map((a) => (a.id === 's1' ? { ...a, handedInAt: null } : a));
    const remark = attempts.map((a) => (a.id === 's3' ? { ...a, marks: 2 } : a));
    const variants = [regradeBasis(0, handIn), regradeBasis(0, reopen), regradeBasis(0, remark), regradeBasis(1, attempts)];
    expect(new Set([basis, ...variants]).size).toBe(5);
  });
});

// Random papers, answers and changes, in a consistent state: stored marks are the marking of the
// answers with the key as it is.
const world = fc
  .array(fc.record({ optionCount: fc.integer({ min: 2, max: 6 }), key: fc.nat(), marks: fc.integer({ min: 1, max: 5 }), dropped: fc.boolean() }), { minLength: 1, maxLength: 6 })
  .chain((questions) => {
    const regradePaper: RegradePaper = {
      keyVersion: 3,
      questions: questions.map((q, i) => {
        const optionIds = Array.from({ length: q.optionCount }, (_, o) => `q${i}o${o}`);
        return { id: `q${i}`, optionIds, keyOptionId: optionIds[q.key % q.optionCount] ?? '', marks: q.marks, dropped: q.dropped };
      }),
    };
    const sitting = fc.record({
      handedIn: fc.boolean(),
      district: fc.constantFrom('Kandy', 'Galle'),
      batch: fc.constantFrom('2026', '2027'),
      choices: fc.array(fc.option(fc.nat(), { nil: null }), { minLength: questions.length, maxLength: questions.length }),
    });
    const change = fc.record({
      question: fc.nat({ max: questions.length - 1 }),
      correct: fc.option(fc.nat(), { nil: undefined }),
      marks: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      dropped: fc.option(fc.boolean(), { nil: undefined }),
    });
    return fc.record({ paper: fc.constant(regradePaper), sittings: fc.array(sitting, { maxLength: 12 }), changeList: fc.array(change, { maxLength: 4 }) });
  })
  .map(({ paper: regradePaper, sittings, changeList }) => {
    const key = regradePaper.questions;
    const answerRows: AttemptAnswer[] = sittings.flatMap((s, a) =>
      s.choices.map((choice, q) => ({ attemptId: `a${a}`, questionId: `q${q}`, optionId: choice === null ? null : (key[q]?.optionIds[choice % key[q]!.optionIds.length] ?? null) })),
    );
    const attemptRows: RegradeAttempt[] = sittings.map((s, a) => ({
      id: `a${a}`,
      handedInAt: s.handedIn ? handedIn : null,
      marks: s.handedIn ? markAttempt(key, answerRows.filter((r) => r.attemptId === `a${a}`)).marks : null,
      district: s.district,
      batch: s.batch,
    }));
    const changes: RegradeChange[] = changeList.map((c) => {
      const question = key[c.question]!;
      return { questionId: question.id, correct: c.correct === undefined ? undefined : c.correct % question.optionIds.length, marks: c.marks, dropped: c.dropped };
    });
    return { paper: regradePaper, attempts: attemptRows, answers: answerRows, changes };
  });

describe('a regrade plan (property)', () => {
  it('is the same plan for the same state, whatever order the rows are read in', () => {
    fc.assert(
      fc.property(world, (w) => {
        const preview = planRegrade(w.paper, w.attempts, w.answers, w.changes);
        const again = planRegrade(w.paper, [...w.attempts].reverse(), [...w.answers].reverse(), w.changes);
        expect({ ...again, attempts: [...again.attempts].reverse() }).toEqual(preview);
      }),
    );
  });

  it('marks everyone by the new key, ranks 1, 2, 2, 4 by the new marks, and lists exactly who moves', () => {
    fc.assert(
      fc.property(world, (w) => {
        const plan = planRegrade(w.paper, w.attempts, w.answers, w.changes);
        const handedInIds = w.attempts.filter((a) => a.handedInAt !== null).map((a) => a.id);
        expect(plan.attempts.map((a) => a.id)).toEqual(handedInIds);
        expect(plan.maxMarksAfter).toBe(maxMarksOf(plan.questions));
        for (const attempt of plan.attempts) {
          expect(attempt.marksAfter).toBe(markAttempt(plan.questions, w.answers.filter((r) => r.attemptId === attempt.id)).marks);
          expect(attempt.islandRankAfter).toBe(1 + plan.attempts.filter((other) => other.marksAfter > attempt.marksAfter).length);
          expect(attempt.islandRankBefore).toBe(1 + plan.attempts.filter((other) => other.marksBefore > attempt.marksBefore).length);
        }
        const moved = plan.attempts.filter((a) => a.marksBefore !== a.marksAfter || a.islandRankBefore !== a.islandRankAfter).map((a) => a.id);
        expect(plan.moves.map((m) => m.attemptId).sort()).toEqual(moved.sort());
        expect(plan.unchanged).toBe(plan.attempts.length - plan.moves.length);
      }),
    );
  });

  it('moves no one when planned again on the key and marks it wrote', () => {
    fc.assert(
      fc.property(world, (w) => {
        const plan = planRegrade(w.paper, w.attempts, w.answers, w.changes);
        const regraded: RegradePaper = {
          keyVersion: plan.keyVersion,
          questions: plan.questions.map((q) => ({ ...q, optionIds: w.paper.questions.find((p) => p.id === q.id)?.optionIds ?? [] })),
        };
        const marksAfter = new Map(plan.attempts.map((a) => [a.id, a.marksAfter]));
        const stored = w.attempts.map((a) => ({ ...a, marks: marksAfter.get(a.id) ?? a.marks }));
        const next = planRegrade(regraded, stored, w.answers, []);
        expect(next.moves).toEqual([]);
        expect(next.basis).not.toBe(plan.basis);
      }),
    );
  });
});
