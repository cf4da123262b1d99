// Regrade (papers.md 'Admin actions'): change a question's key or marks, or drop it. The preview
// plans it (regrade.ts) over the key and the attempts as they are; the regrade plans it again
// inside a transaction holding the paper, so no hand-in marks against the key meanwhile, and applies
// the plan only when its `basis` is the preview's: it then stores and answers exactly what the
// preview showed. Allowed at any time, after release too (students then see the new marks).
import { PAPERS_TEXT, type FieldError, type RegradeAnswer, type RegradeBody, type RegradeChange } from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { writeMarking, writeQuestionKey } from './actions-repo';
import { answersOf } from './attempt-repo';
import { actionTarget } from './audit';
import type { PapersContext } from './context';
import { paperNotFound } from './paper-access';
import { loadPaper, nextUpdatedAt, type PaperContent } from './paper-cache';
import { lockPaper, updatePaper, type PaperRow } from './paper-repo';
import { planRegrade, regradeChangeErrors, type RegradePlan } from './regrade';
import { resultAttempts, writeRanks, type ResultAttemptRow } from './results-repo';
import { iso } from './rows';

type RegradeData = RegradeAnswer['data'];

/** What a plan reads: the key as it is, every attempt of a live account, and the handed-in ones' answers. */
interface PlanInputs {
  paper: PaperRow;
  attempts: ResultAttemptRow[];
  plan: RegradePlan;
}

/** 400 naming each change that names no question of the paper, or no option of its question. */
function refuseBadChanges(errorsFound: ReturnType<typeof regradeChangeErrors>): void {
  if (errorsFound.length === 0) return;
  const fields: FieldError[] = errorsFound.map(({ index, field, problem }) => {
    const name = `changes.${index}.${field}`;
    return { field: name, message: `${name} ${problem === 'not-a-question' ? PAPERS_TEXT.notQuestionOfPaper : PAPERS_TEXT.correctInOptions}` };
  });
  throw errors.badRequest(fields[0]?.message ?? '', fields);
}

/** `content` is the paper's questions as `db` reads them (inside the regrade's transaction, as it holds them). */
async function plan(db: Db, paper: PaperRow, content: PaperContent, changes: readonly RegradeChange[]): Promise<PlanInputs> {
  const attempts = await resultAttempts(db, paper.id);
  const regradePaper = {
    keyVersion: paper.key_version,
    questions: content.questions.map((question) => ({
      id: question.id,
      optionIds: question.options.map((option) => option.id),
      keyOptionId: question.keyOptionId,
      marks: question.marks,
      dropped: question.dropped,
    })),
  };
  refuseBadChanges(regradeChangeErrors(regradePaper, changes));
  const handedIn = attempts.filter((attempt) => attempt.handed_in_at !== null).map((attempt) => attempt.id);
  const answers = (await answersOf(db, handedIn)).map((answer) => ({ attemptId: answer.attempt_id, questionId: answer.question_id, optionId: answer.option_id }));
  const planned = planRegrade(
    regradePaper,
    attempts.map((attempt) => ({ id: attempt.id, handedInAt: attempt.handed_in_at, marks: attempt.marks, writtenMarks: attempt.written_marks, district: attempt.district, batch: attempt.batch })),
    answers,
    changes,
  );
  return { paper, attempts, plan: planned };
}

/**
 * The answer both calls give. Ranks are shown only once results are ready: before that none is
 * stored, and a student "moves" only when their marks do.
 */
function answerOf({ paper, attempts, plan: planned }: PlanInputs): RegradeData {
  const ranked = paper.results_ready_at !== null;
  const students = new Map(attempts.map((attempt) => [attempt.id, attempt]));
  const moves = planned.moves
    .filter((move) => ranked || move.marksBefore !== move.marksAfter)
    .map((move) => {
      const student = students.get(move.attemptId);
      return {
        studentId: student?.account_id ?? '',
        name: student?.name ?? '',
        regNo: student?.reg_no ?? '',
        marksBefore: move.marksBefore,
        marksAfter: move.marksAfter,
        islandRankBefore: ranked ? move.islandRankBefore : null,
        islandRankAfter: ranked ? move.islandRankAfter : null,
      };
    });
  return {
    basis: planned.basis,
    maxMarksBefore: planned.maxMarksBefore,
    maxMarksAfter: planned.maxMarksAfter,
    moves,
    unchanged: planned.attempts.length - moves.length,
  };
}

export async function previewRegrade(ctx: PapersContext, paperId: string, changes: readonly RegradeChange[]): Promise<RegradeData> {
  const loaded = await loadPaper(ctx, paperId);
  return answerOf(await plan(ctx.db, loaded.row, loaded, changes));
}

export async function applyRegrade(ctx: PapersContext, actor: AuditActor, paperId: string, body: RegradeBody): Promise<RegradeData> {
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (tx) => {
    // FOR UPDATE on PostgreSQL: the attempt writer holds the paper for share while it marks a hand-in.
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    const inputs = await plan(tx, paper, await ctx.cache.contentFor(tx, paper), body.changes);
    if (inputs.plan.basis !== body.basis) throw new AppError(409, PAPERS_TEXT.regradeStale);
    const { plan: planned } = inputs;
    const at = iso(now);
    for (const question of planned.questions.filter((question) => planned.changed.includes(question.id))) await writeQuestionKey(tx, question);
    const stored = new Map(inputs.attempts.map((attempt) => [attempt.id, attempt]));
    for (const attempt of planned.attempts) {
      const before = stored.get(attempt.id);
      if (before && before.marks === attempt.marksAfter && before.correct === attempt.correct && before.answered === attempt.answered) continue;
      await writeMarking(tx, { id: attempt.id, marks: attempt.marksAfter, mcq_marks: attempt.marksAfter - (before?.written_marks ?? 0), correct: attempt.correct, answered: attempt.answered }, at);
    }
    if (paper.results_ready_at !== null) {
      const ranks = planned.attempts.map((attempt) => ({ id: attempt.id, islandRank: attempt.islandRankAfter, districtRank: attempt.districtRank, batchRank: attempt.batchRank }));
      await writeRanks(tx, paperId, ranks, at);
    }
    // Later than the stored one even when the clock stands still (a test's): the question cache sees a new version.
    await updatePaper(tx, paperId, { key_version: planned.keyVersion, updated_at: nextUpdatedAt(paper.updated_at, now) });
    const answer = answerOf(inputs);
    await recordAudit(tx, actor, {
      action: 'paper.regrade',
      target: await actionTarget(tx, paper),
      summary: `Regraded ${paper.title}: ${answer.moves.length} ${answer.moves.length === 1 ? 'student moves' : 'students move'}`,
      detail: {
        changes: body.changes,
        questions: planned.changed,
        maxMarksBefore: planned.maxMarksBefore,
        maxMarksAfter: planned.maxMarksAfter,
        moved: answer.moves.length,
        unchanged: answer.unchanged,
        keyVersion: planned.keyVersion,
      },
    });
    return answer;
  });
}
