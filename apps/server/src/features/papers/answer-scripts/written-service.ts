// A paper's written part (answer-scripts.md 'Rules'): its questions, maximum marks and upload
// grace, set and removed by an admin; its question sheet, uploaded by an admin (a PDF, by its
// bytes) and served clean to admins, stamped to a student from their start to their upload
// deadline, and after release to one who sat. Every change is audited.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { ANSWER_SCRIPTS_TEXT, WRITTEN_LIMITS, type WrittenInput, type WrittenPart } from '@academy/contract';
import { AppError, errors } from '../../../lib/errors';
import { ContentFolder } from '../../../lib/images';
import { recordAudit, type AuditActor } from '../../audit-log/service';
import { actionTarget } from '../audit';
import { callerOf, isAdminCaller, locatePaper, mayOpenPaper, paperNotFound, paperOrNotFound } from '../paper-access';
import { findAttempt, lockPaper } from '../paper-repo';
import { iso } from '../rows';
import { pdfPageCount, stampSheet } from './sheet-stamp';
import * as repo from './script-repo';
import { noWrittenPart, uploadDeadline, writtenMaxMarks, writtenOrNotFound, type WrittenDeps } from './written-access';

export function writtenPartOf(found: repo.WrittenPartRows): WrittenPart {
  const { written, questions } = found;
  return {
    questions: questions.map((question) => ({ id: question.id, label: question.label, maxMarks: question.max_marks })),
    maxMarks: writtenMaxMarks(questions),
    graceMinutes: written.grace_minutes,
    sheet: written.sheet_id && written.sheet_pages !== null ? { pages: written.sheet_pages, bytes: written.sheet_bytes ?? 0 } : null,
  };
}

/** `GET papers/{id}/written`: to an admin, and to whoever may open the class or started the paper; null without a written part. */
export async function readWritten(ctx: WrittenDeps, accountId: string, paperId: string): Promise<WrittenPart | null> {
  const caller = await callerOf(ctx, accountId);
  const paper = await paperOrNotFound(ctx.db, paperId);
  if (isAdminCaller(caller)) await locatePaper(ctx, caller, paper);
  else if (!(await findAttempt(ctx.db, paperId, caller.id)) && !(await mayOpenPaper(ctx, caller, paper))) throw paperNotFound();
  const found = await repo.findWritten(ctx.db, paperId);
  return found ? writtenPartOf(found) : null;
}

/** The question changes a handed-in script forbids: any question added, removed, moved or given other marks. */
function structureChanged(before: readonly repo.WrittenQuestionRow[], after: readonly { id: string; max_marks: number }[]): boolean {
  return before.length !== after.length || before.some((question, index) => question.id !== after[index]?.id || question.max_marks !== after[index]?.max_marks);
}

/** `PUT papers/{id}/written`: sets or changes the written part; the questions' structure freezes once a script is handed in. */
export async function saveWritten(ctx: WrittenDeps, actor: AuditActor, paperId: string, body: WrittenInput): Promise<WrittenPart> {
  const at = iso(ctx.clock());
  return ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    const before = await repo.findWritten(tx, paperId);
    const known = new Set((before?.questions ?? []).map((question) => question.id));
    const unknown = body.questions.flatMap((question, index) =>
      question.id !== undefined && !known.has(question.id) ? [{ field: `questions.${index}.id`, message: ANSWER_SCRIPTS_TEXT.questionIdUnknown }] : [],
    );
    if (unknown.length > 0) throw errors.badRequest(unknown.map((error) => `${error.field} ${error.message}`).join('; '), unknown);
    const questions = body.questions.map((question) => ({ id: question.id ?? randomUUID(), label: question.label, max_marks: question.maxMarks }));
    if (before && structureChanged(before.questions, questions) && (await repo.countScriptsOfPaper(tx, paperId)) > 0) {
      throw new AppError(409, ANSWER_SCRIPTS_TEXT.writtenFrozen, [{ field: 'questions', message: ANSWER_SCRIPTS_TEXT.writtenFrozen }]);
    }
    await repo.upsertWritten(tx, { paper_id: paperId, grace_minutes: body.graceMinutes, updated_by: actor.id, updated_at: at });
    await repo.replaceQuestions(tx, paperId, questions);
    const after = await writtenOrNotFound(tx, paperId);
    await recordAudit(tx, actor, {
      action: 'paper.written',
      target: await actionTarget(tx, paper),
      summary: `Set the written part of ${paper.title}: ${questions.length} ${questions.length === 1 ? 'question' : 'questions'}, ${writtenMaxMarks(after.questions)} marks`,
      detail: {
        before: before ? writtenPartOf(before) : null,
        after: writtenPartOf(after),
      },
    });
    return writtenPartOf(after);
  });
}

/** `DELETE papers/{id}/written`: only while no page was uploaded for the paper. */
export async function removeWritten(ctx: WrittenDeps, actor: AuditActor, paperId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    const before = await writtenOrNotFound(tx, paperId);
    if ((await repo.countPagesOfPaper(tx, paperId)) > 0) throw new AppError(409, ANSWER_SCRIPTS_TEXT.writtenRemoveRefused);
    await repo.deleteWritten(tx, paperId);
    await recordAudit(tx, actor, {
      action: 'paper.written-remove',
      target: await actionTarget(tx, paper),
      summary: `Removed the written part of ${paper.title}`,
      detail: { before: writtenPartOf(before) },
    });
  });
}

function sheetFolder(ctx: Pick<WrittenDeps, 'writtenDirs'>): ContentFolder {
  return new ContentFolder(ctx.writtenDirs.sheets);
}

/** `POST papers/{id}/written/sheet`: a PDF by its bytes, readable, at most 60 pages; replaced freely until the paper opens. */
export async function uploadSheet(ctx: WrittenDeps, actor: AuditActor, paperId: string, bytes: Buffer): Promise<{ pages: number; bytes: number }> {
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') throw new AppError(415, ANSWER_SCRIPTS_TEXT.sheetType);
  const pages = await pdfPageCount(bytes);
  if (pages === null || pages === 0) throw new AppError(400, ANSWER_SCRIPTS_TEXT.sheetUnreadable);
  if (pages > WRITTEN_LIMITS.sheetMaxPages) throw new AppError(400, ANSWER_SCRIPTS_TEXT.sheetTooManyPages);
  const sheetId = randomUUID();
  await sheetFolder(ctx).write(`${sheetId}.pdf`, bytes);
  const now = ctx.clock();
  try {
    const replaced = await ctx.db.transaction().execute(async (tx) => {
      const paper = await lockPaper(tx, paperId);
      if (!paper) throw paperNotFound();
      const found = await writtenOrNotFound(tx, paperId);
      if (Date.parse(paper.opens_at) <= now) throw new AppError(409, ANSWER_SCRIPTS_TEXT.sheetAfterOpen);
      await repo.setSheet(tx, paperId, { sheet_id: sheetId, sheet_pages: pages, sheet_bytes: bytes.length }, actor.id, iso(now));
      await recordAudit(tx, actor, {
        action: 'paper.written-sheet',
        target: await actionTarget(tx, paper),
        summary: `Uploaded the question sheet of ${paper.title}: ${pages} ${pages === 1 ? 'page' : 'pages'}`,
        detail: { pages, bytes: bytes.length, replaced: found.written.sheet_id !== null },
      });
      return found.written.sheet_id;
    });
    if (replaced) await sheetFolder(ctx).remove(`${replaced}.pdf`);
  } catch (error) {
    await sheetFolder(ctx).remove(`${sheetId}.pdf`);
    throw error;
  }
  return { pages, bytes: bytes.length };
}

/**
 * `GET papers/{id}/written/sheet`: clean to an admin; to a student stamped with their name and
 * regNo, from their start until their upload deadline, and after release to one who sat while they
 * may open the class. Anyone else, or a paper without a sheet: 404.
 */
export async function openSheet(ctx: WrittenDeps, accountId: string, paperId: string): Promise<Buffer> {
  const caller = await callerOf(ctx, accountId);
  const paper = await paperOrNotFound(ctx.db, paperId);
  const found = await repo.findWritten(ctx.db, paperId);
  if (isAdminCaller(caller)) await locatePaper(ctx, caller, paper);
  if (!found) throw noWrittenPart();
  const sheetId = found.written.sheet_id;
  if (!sheetId) throw errors.notFound(ANSWER_SCRIPTS_TEXT.noSheet);
  const bytes = await sheetFolder(ctx).read(`${path.basename(sheetId)}.pdf`);
  if (!bytes) throw errors.notFound(ANSWER_SCRIPTS_TEXT.noSheet);
  if (isAdminCaller(caller)) return bytes;
  const attempt = await findAttempt(ctx.db, paperId, caller.id);
  if (!attempt) throw paperNotFound();
  const now = ctx.clock();
  const writing = now >= Date.parse(paper.opens_at) && now <= uploadDeadline(attempt, found.written);
  const reviewing = paper.released_at !== null && attempt.handed_in_at !== null && (await mayOpenPaper(ctx, caller, paper));
  if (!writing && !reviewing) throw paperNotFound();
  return stampSheet(bytes, { name: caller.name, regNo: caller.reg_no ?? '' });
}
