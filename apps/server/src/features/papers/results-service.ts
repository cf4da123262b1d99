// Releasing results by hand, a student's released result with the review its paper allows, and
// the tutor's results table (papers.md 'Releasing results', 'The calls').
import {
  PAPERS_TEXT,
  type AbsentStudent,
  type PaperResult,
  type ResultRow,
  type ResultsAnswer,
  type ReviewLevel,
  type ReviewQuestion,
} from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { writtenMaxOf, writtenResults, type WrittenResults } from './answer-scripts/written-results';
import { joinWrittenMarks, writtenReadiness } from './answer-scripts/written-release';
import { answersOf } from './attempt-repo';
import { actionTarget } from './audit';
import type { PapersContext } from './context';
import { percentageOf } from './marking';
import { callerOf, classStudents, mayOpenPaper, paperNotFound } from './paper-access';
import { announceRelease } from './notifications';
import { loadPaper, type PaperContent } from './paper-cache';
import { findAttempt, lockPaper, type AttemptRow } from './paper-repo';
import * as repo from './results-repo';
import { handedInByOf, iso, reviewLevelOf } from './rows';
import { attemptOrderOf, inAttemptOrder } from './shuffle';

type ResultsData = ResultsAnswer['data'];

/** Release results: only once they are ready; releasing again answers the first release and changes nothing. */
export async function releaseResults(ctx: PapersContext, actor: AuditActor, paperId: string): Promise<{ releasedAt: string }> {
  const now = iso(ctx.clock());
  return ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    if (paper.released_at !== null) return { releasedAt: paper.released_at };
    if (paper.results_ready_at === null) throw new AppError(409, PAPERS_TEXT.releaseNotReady, [], { closesAt: paper.closes_at });
    // A written part must be past its upload time and marked; its marks then join the totals and ranks.
    const written = await writtenReadiness(tx, paperId, ctx.clock());
    if (!written.ready) throw written.refusal;
    await joinWrittenMarks(tx, paperId, now);
    await repo.markReleased(tx, paperId, now, actor.id);
    await announceRelease(ctx, tx, paper);
    await recordAudit(tx, actor, {
      action: 'paper.release',
      target: await actionTarget(tx, paper),
      summary: `Released the results of ${paper.title}`,
      detail: { releasedAt: now, releaseAt: paper.release_at },
    });
    return { releasedAt: now };
  });
}

/**
 * The review at the paper's level, in the student's own order with the options as they saw them:
 * `responses` gives their answers and the marks earned, `keys` adds the correct option,
 * `explanations` the explanation; `marks` gives nothing per question.
 */
function reviewOf(level: ReviewLevel, attempt: AttemptRow, paper: PaperContent, chosen: ReadonlyMap<string, string | null>): PaperResult['review'] {
  if (level === 'marks') return null;
  const order = attemptOrderOf(attempt.order_json, paper.questions);
  const questions = inAttemptOrder(paper.questions, order.q).map((question, index): ReviewQuestion => {
    const answer = chosen.get(question.id) ?? null;
    return {
      number: index + 1,
      id: question.id,
      text: question.text,
      image: question.imageId,
      marks: question.marks,
      awarded: !question.dropped && answer === question.keyOptionId ? question.marks : 0,
      dropped: question.dropped,
      options: inAttemptOrder(question.options, order.o[question.id]).map((option) => ({
        id: option.id,
        text: option.text,
        chosen: option.id === answer,
        ...(level === 'responses' ? {} : { key: option.isKey }),
      })),
      ...(level === 'explanations' ? { explanation: question.explanation } : {}),
    };
  });
  return { level, questions };
}

/**
 * A student's released result. Admins do not sit papers (403); the paper must be one the student
 * may open, or one they started (their attempt stays theirs if the class access has ended since);
 * before release nothing of it is sent (409, with `releaseAt` when one is set).
 */
export async function studentResult(ctx: PapersContext, account: SessionAccount, paperId: string): Promise<PaperResult> {
  if (account.isAdmin) throw errors.forbidden(PAPERS_TEXT.onlyStudentsSit);
  const paper = await loadPaper(ctx, paperId);
  const { row } = paper;
  const attempt = await findAttempt(ctx.db, paperId, account.id);
  if (!attempt && !(await mayOpenPaper(ctx, await callerOf(ctx, account.id), row))) throw paperNotFound();
  if (row.released_at === null) throw new AppError(409, PAPERS_TEXT.resultsNotOut, [], row.release_at ? { releaseAt: row.release_at } : {});
  if (!attempt || attempt.handed_in_at === null || attempt.marks === null) throw errors.notFound(PAPERS_TEXT.didNotSit);
  const { island_rank: islandRank, district_rank: districtRank, batch_rank: batchRank } = attempt;
  if (islandRank === null || districtRank === null || batchRank === null) throw new Error(`released paper ${paperId} has an unranked attempt ${attempt.id}`);
  const [answers, counts, writtenMax] = await Promise.all([
    answersOf(ctx.db, [attempt.id]),
    repo.satCounts(ctx.db, paperId, attempt.district, attempt.batch),
    writtenMaxOf(ctx.db, paperId),
  ]);
  // With a written part the total and its maximum join both parts (answer-scripts.md).
  const maxMarks = paper.maxMarks + writtenMax;
  const written =
    writtenMax > 0
      ? { mcqMarks: attempt.mcq_marks ?? attempt.marks, writtenMarks: attempt.written_marks ?? 0, mcqMaxMarks: paper.maxMarks, writtenMaxMarks: writtenMax }
      : {};
  return {
    marks: attempt.marks,
    maxMarks,
    percentage: percentageOf(attempt.marks, maxMarks),
    ...written,
    islandRank,
    districtRank,
    batchRank,
    sat: counts.sat,
    satInDistrict: counts.inDistrict,
    satInBatch: counts.inBatch,
    district: attempt.district,
    batch: attempt.batch,
    handedInAt: attempt.handed_in_at,
    timeTakenSeconds: attempt.time_taken_seconds,
    review: reviewOf(reviewLevelOf(row.review), attempt, paper, new Map(answers.map((answer) => [answer.question_id, answer.option_id]))),
  };
}

function resultRow(row: repo.ResultAttemptRow, maxMarks: number, written: WrittenResults | null): ResultRow {
  const script = written?.byAttempt.get(row.id);
  return {
    ...(written
      ? {
          mcqMarks: row.mcq_marks,
          writtenMarks: script?.writtenMarks ?? null,
          writtenByQuestion: script?.byQuestion ?? written.questions.map(() => null),
        }
      : {}),
    studentId: row.account_id,
    name: row.name,
    regNo: row.reg_no ?? '',
    district: row.district,
    school: row.school,
    batch: row.batch,
    marks: row.marks,
    percentage: row.marks === null ? null : percentageOf(row.marks, maxMarks),
    islandRank: row.island_rank,
    districtRank: row.district_rank,
    batchRank: row.batch_rank,
    timeTakenSeconds: row.time_taken_seconds,
    startedAt: row.started_at,
    handedInAt: row.handed_in_at,
    handedInBy: handedInByOf(row.handed_in_by),
    awayCount: row.away_count,
    awaySeconds: row.away_seconds,
    offlineCount: row.offline_count,
    offlineSeconds: row.offline_seconds,
    devices: row.devices,
    lateSaves: row.late_saves,
    extraMinutes: row.extra_minutes,
    reopened: row.reopened === 1,
  };
}

/** Best marks first (rank order once ranked), equal marks by name, attempts still open last. */
function byStanding(a: ResultRow, b: ResultRow): number {
  if (a.marks !== b.marks) return (b.marks ?? -1) - (a.marks ?? -1);
  return a.name.localeCompare(b.name);
}

/**
 * The tutor's results: every attempt of a live account (deleted accounts are left out, as from the
 * ranks and `sat`), and `absent`: the students who may open the class now and never started.
 */
export async function paperResults(ctx: PapersContext, paperId: string): Promise<ResultsData> {
  const { row: stored, maxMarks: mcqMaxMarks } = await loadPaper(ctx, paperId);
  const [attempts, started, mayOpen, written] = await Promise.all([
    repo.resultAttempts(ctx.db, paperId),
    repo.startedAccountIds(ctx.db, paperId),
    classStudents(ctx, stored.class_id),
    writtenResults(ctx.db, paperId),
  ]);
  const maxMarks = mcqMaxMarks + (written?.maxMarks ?? 0);
  const rows = attempts.map((row) => resultRow(row, maxMarks, written)).sort(byStanding);
  const notStarted = mayOpen.filter((student) => !started.has(student.studentId));
  const details = await repo.absentDetails(ctx.db, paperId, notStarted.map((student) => student.studentId));
  const absent = notStarted
    .map((student): AbsentStudent => {
      const detail = details.get(student.studentId);
      return {
        studentId: student.studentId,
        name: student.name,
        regNo: student.regNo,
        district: detail?.district ?? '',
        school: detail?.scl ?? '',
        batch: student.batch,
        extraMinutes: detail?.extra_minutes ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    paper: {
      id: stored.id,
      title: stored.title,
      maxMarks,
      sat: rows.filter((row) => row.handedInAt !== null).length,
      resultsReadyAt: stored.results_ready_at,
      releasedAt: stored.released_at,
      ...(written ? { mcqMaxMarks, writtenMaxMarks: written.maxMarks, writtenQuestions: written.questions } : {}),
    },
    rows,
    absent,
  };
}
