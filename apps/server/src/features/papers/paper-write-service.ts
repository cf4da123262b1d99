// Setting a paper (docs/papers.md 'The calls', 'Admin actions'): created in a class folder,
// edited freely until its first start and then only in what papers.md allows, deleted while nobody
// has started it. Every change is written with its audit entry in one transaction, and the close
// job follows the close.
import { randomUUID } from 'node:crypto';
import { PAPERS_TEXT, type CreatePaperInput, type FieldError, type Paper, type QuestionInput, type UpdatePaperInput } from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import type { Located } from '../class-material/tree';
import { paperTarget } from './audit';
import type { PapersContext } from './context';
import { callerOf, locateFolder, locatePaper, paperNotFound, paperOrNotFound } from './paper-access';
import { changedQuestions, changedSettings, editedFrame, questionRows, settingsColumns, storedFrame } from './paper-body';
import { loadPaper, nextUpdatedAt, type PaperContent } from './paper-cache';
import { forgetPaperJobs, queueClose, requeueClose } from './paper-jobs';
import { paperForAdmin } from './paper-read-service';
import * as repo from './paper-repo';
import type { PaperRow } from './paper-repo';
import { followOpening, followOpeningEdit, withdrawOpening } from './notifications';
import { iso } from './rows';
import { attemptDeadline, judgeEdit } from './rules';

type PaperWriteDeps = Pick<PapersContext, 'db' | 'material' | 'cache' | 'clock' | 'graceMs' | 'queue' | 'wakeAt' | 'notifier'>;

// ---- Refusals ----

function closeInPast(): AppError {
  return errors.field('closesAt', `closesAt ${PAPERS_TEXT.closeInFuture}`);
}

/**
 * 409 with papers.md's sentence as the message and the frozen fields in `errors`. The fields ride
 * in the answer's extra part: as `AppError.fields` the error plugin would answer one sentence per
 * field instead of the one sentence papers.md gives.
 */
function frozenRefusal(fields: string[]): AppError {
  const named: FieldError[] = fields.map((field) => ({ field, message: `${field} can no longer change once students have started` }));
  return new AppError(409, PAPERS_TEXT.startedFrozen, [], { errors: named });
}

/** 400 naming each question whose picture no upload stored. */
async function assertImagesStored(db: Db, questions: readonly QuestionInput[]): Promise<void> {
  const named = [...new Set(questions.flatMap((question) => (question.image ? [question.image] : [])))];
  const stored = await repo.storedImages(db, named);
  const fields = questions.flatMap((question, index) => {
    if (!question.image || stored.has(question.image)) return [];
    const field = `questions.${index}.image`;
    return [{ field, message: `${field} ${PAPERS_TEXT.notUploadedImage}` }];
  });
  const [first] = fields;
  if (first) throw errors.badRequest(first.message, fields);
}

/** The paper an admin names, with its class: 404 for no such paper, as for one in a class they may not open. */
async function adminsPaper(ctx: PaperWriteDeps, actorId: string, paperId: string): Promise<{ found: PaperRow; classRow: Located['classRow'] }> {
  const caller = await callerOf(ctx, actorId);
  const found = await paperOrNotFound(ctx.db, paperId);
  const { classRow } = await locatePaper(ctx, caller, found);
  return { found, classRow };
}

// ---- Create ----

export async function createPaper(ctx: PaperWriteDeps, actor: AuditActor, body: CreatePaperInput): Promise<{ id: string }> {
  const now = ctx.clock();
  if (Date.parse(body.closesAt) <= now) throw closeInPast();
  const folder = await locateFolder(ctx, await callerOf(ctx, actor.id), body.folderId);
  await assertImagesStored(ctx.db, body.questions);
  const id = randomUUID();
  const at = iso(now);
  const row: PaperRow = {
    id,
    class_id: folder.classRow.id,
    folder_id: folder.item.id,
    ...settingsColumns(body),
    key_version: 0,
    first_started_at: null,
    results_ready_at: null,
    released_at: null,
    released_by: null,
    merit_posted_at: null,
    merit_message_id: null,
    created_by: actor.id,
    created_at: at,
    updated_at: at,
  };
  const rows = questionRows(id, body.questions);
  await ctx.db.transaction().execute(async (tx) => {
    await repo.insertPaper(tx, row);
    await repo.insertQuestions(tx, rows.questions, rows.options);
    if (Date.parse(row.opens_at) > now) await followOpening(ctx, tx, row, folder.classRow.name, now);
    await recordAudit(tx, actor, {
      action: 'paper.create',
      target: paperTarget(row, folder.classRow.name),
      summary: `Created paper ${row.title} in ${folder.item.name}`,
      detail: {
        className: folder.classRow.name,
        folder: folder.item.name,
        opensAt: row.opens_at,
        closesAt: row.closes_at,
        timeLimitMinutes: row.time_limit_minutes,
        questionCount: body.questions.length,
      },
    });
  });
  await queueClose(ctx, id, row.closes_at);
  return { id };
}

// ---- Edit ----

/** After the first start: only the wording of questions, options and explanations, and pictures, change; ids stay. */
async function reword(tx: Db, content: PaperContent, questions: readonly QuestionInput[]): Promise<void> {
  for (const [index, stored] of content.questions.entries()) {
    const edited = questions[index];
    if (!edited) continue;
    if (stored.text !== edited.text || stored.imageId !== edited.image || stored.explanation !== edited.explanation) {
      await repo.updateQuestionWording(tx, stored.id, { text: edited.text, image_id: edited.image, explanation: edited.explanation });
    }
    for (const [at, option] of stored.options.entries()) {
      const text = edited.options[at];
      if (text !== undefined && text !== option.text) await repo.updateOptionText(tx, option.id, text);
    }
  }
}

/** A later close gives the attempts it held back their time: each deadline is worked out again. */
async function followClose(ctx: PaperWriteDeps, tx: Db, row: PaperRow, closesAt: string, now: number): Promise<void> {
  for (const attempt of await repo.openAttempts(tx, row.id, iso(now - ctx.graceMs))) {
    const deadline = iso(
      attemptDeadline({
        startedAt: Date.parse(attempt.started_at),
        timeLimitMinutes: row.time_limit_minutes,
        extraMinutes: attempt.extra_minutes,
        closesAt: Date.parse(closesAt),
      }),
    );
    if (deadline !== attempt.deadline_at) await repo.setDeadline(tx, attempt.id, deadline, iso(now));
  }
}

/** `PUT papers/{id}`: answers the paper as an admin reads it. */
export async function editPaper(ctx: PaperWriteDeps, actor: AuditActor, paperId: string, body: UpdatePaperInput): Promise<Paper> {
  const { classRow } = await adminsPaper(ctx, actor.id, paperId);
  await assertImagesStored(ctx.db, body.questions);
  const now = ctx.clock();
  const { closeMoved } = await ctx.db.transaction().execute(async (tx) => {
    // Held until the commit: a first start waits for the edit, or the edit sees it.
    const row = await repo.lockPaper(tx, paperId);
    if (!row) throw paperNotFound();
    const content = await ctx.cache.contentFor(tx, row);
    const started = row.first_started_at !== null;
    const moved = body.closesAt !== row.closes_at;
    if (moved && Date.parse(body.closesAt) <= now) throw closeInPast();
    const verdict = judgeEdit(storedFrame(row, content), editedFrame(body), started);
    if (verdict.frozen.length > 0) throw frozenRefusal(verdict.frozen);
    if (verdict.closeMovedEarlier) throw new AppError(409, PAPERS_TEXT.closeOnlyLater);
    if (moved && row.released_at !== null) throw new AppError(409, PAPERS_TEXT.closeAfterRelease);

    const settings = settingsColumns(body);
    await repo.updatePaper(tx, paperId, {
      ...settings,
      updated_at: nextUpdatedAt(row.updated_at, now),
      // A later close opens the paper again: its results are not ready until it closes once more.
      ...(moved ? { results_ready_at: null } : {}),
    });
    const questionNumbers = changedQuestions(content, body.questions);
    if (started) {
      await reword(tx, content, body.questions);
    } else if (questionNumbers.length > 0) {
      await repo.deleteQuestions(tx, paperId);
      const rows = questionRows(paperId, body.questions);
      await repo.insertQuestions(tx, rows.questions, rows.options);
    }
    if (moved && started) await followClose(ctx, tx, row, body.closesAt, now);
    await followOpeningEdit(ctx, tx, row, { ...row, ...settings }, classRow.name, now);
    await recordAudit(tx, actor, {
      action: 'paper.edit',
      target: paperTarget({ id: paperId, title: body.title }, classRow.name),
      summary: `Edited paper ${body.title}`,
      detail: {
        className: classRow.name,
        ...changedSettings(row, settings),
        ...(questionNumbers.length > 0 ? { questionsChanged: questionNumbers } : {}),
        ...(content.questions.length !== body.questions.length ? { questionCount: { before: content.questions.length, after: body.questions.length } } : {}),
      },
    });
    return { closeMoved: moved };
  });
  if (closeMoved) await requeueClose(ctx, paperId, body.closesAt);
  return paperForAdmin(ctx, await loadPaper(ctx, paperId), classRow.name, ctx.clock());
}

// ---- Delete ----

/** `DELETE papers/{id}`: refused once someone has started it, since results are records. */
export async function deletePaper(ctx: PaperWriteDeps, actor: AuditActor, paperId: string): Promise<void> {
  const { found, classRow } = await adminsPaper(ctx, actor.id, paperId);
  if (found.first_started_at !== null) throw new AppError(409, PAPERS_TEXT.startedKept);
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.deleteUnstartedPaper(tx, paperId))) {
      // Started, or deleted, since it was read.
      throw (await repo.findPaper(tx, paperId)) ? new AppError(409, PAPERS_TEXT.startedKept) : paperNotFound();
    }
    await withdrawOpening(ctx, tx, paperId);
    await recordAudit(tx, actor, {
      action: 'paper.delete',
      target: paperTarget(found, classRow.name),
      summary: `Deleted paper ${found.title}`,
      detail: { className: classRow.name, opensAt: found.opens_at, closesAt: found.closes_at },
    });
  });
  await forgetPaperJobs(ctx, paperId);
}
