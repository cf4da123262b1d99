// Marking (answer-scripts.md 'Marking', 'Annotations'): an admin's queue per paper, assigning
// scripts to markers, a script's pages with their annotations, annotations saved a page at a time,
// per-question marks bounded by their maximum with a comment, kept as the marker goes. Every change
// is audited; a re-mark after release joins the totals and ranks again at once.
import {
  ANSWER_SCRIPTS_TEXT,
  aboveMaximumMessage,
  isAdmin,
  WRITTEN_LIMITS,
  type AnnotationsInput,
  type AssignBody,
  type FieldError,
  type MarkingScript,
  type MarksInput,
  type ScriptsAnswer,
  type ScriptsQuery,
  type ScriptState,
  type WrittenStatistics,
} from '@academy/contract';
import type { Db } from '../../../db/database';
import { AppError, errors } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../audit-log/service';
import { actionTarget } from '../audit';
import { paperNotFound, paperOrNotFound } from '../paper-access';
import { lockPaper, type PaperRow } from '../paper-repo';
import { iso } from '../rows';
import { scriptPageOf } from './script-service';
import * as repo from './script-repo';
import { writtenMaxMarks, writtenOrNotFound, type WrittenDeps } from './written-access';
import { joinWrittenMarks } from './written-release';

type ScriptsData = ScriptsAnswer['data'];

function scriptNotFound(): AppError {
  return errors.notFound(ANSWER_SCRIPTS_TEXT.scriptNotFound);
}

function refuseFields(fields: FieldError[]): void {
  if (fields.length > 0) throw errors.badRequest(fields.map((error) => `${error.field} ${error.message}`).join('; '), fields);
}

function stateOf(value: string): ScriptState {
  return value === 'marked' || value === 'in-progress' ? value : 'to-do';
}

async function studentOf(db: Db, accountId: string) {
  const row = await db.selectFrom('accounts').select(['id', 'name', 'reg_no']).where('id', '=', accountId).executeTakeFirst();
  return { studentId: accountId, name: row?.name ?? '', regNo: row?.reg_no ?? '' };
}

/** `GET papers/{id}/scripts`: the queue, filtered by state and marker (`none`: nobody), oldest hand-in first. */
export async function scriptQueue(ctx: WrittenDeps, paperId: string, query: ScriptsQuery): Promise<ScriptsData> {
  await paperOrNotFound(ctx.db, paperId);
  await writtenOrNotFound(ctx.db, paperId);
  const [rows, counts, notHandedIn, accounts] = await Promise.all([
    repo.queueRows(ctx.db, paperId, query),
    repo.stateCounts(ctx.db, paperId),
    repo.attemptsWithoutScript(ctx.db, paperId),
    repo.admins(ctx.db),
  ]);
  return {
    counts: { toDo: counts.get('to-do') ?? 0, inProgress: counts.get('in-progress') ?? 0, marked: counts.get('marked') ?? 0, notHandedIn },
    rows: rows.map((row) => ({
      scriptId: row.id,
      student: { studentId: row.account_id, name: row.name, regNo: row.reg_no ?? '' },
      handedInAt: row.handed_in_at,
      pageCount: row.page_count,
      state: stateOf(row.state),
      markerId: row.marker_id,
      markerName: row.marker_name ?? null,
      writtenMarks: row.written_marks,
    })),
    markers: accounts.filter((account) => isAdmin(account.account_type)).map((account) => ({ id: account.id, name: account.name })),
  };
}

/** `POST papers/{id}/scripts/assign`: sets (or clears, with null) the marker of scripts of this paper. */
export async function assignScripts(ctx: WrittenDeps, actor: AuditActor, paperId: string, body: AssignBody): Promise<{ assigned: number }> {
  return ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    await writtenOrNotFound(tx, paperId);
    let markerName: string | null = null;
    if (body.markerId !== null) {
      const marker = await tx.selectFrom('accounts').select(['name', 'account_type']).where('id', '=', body.markerId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!marker || !isAdmin(marker.account_type)) refuseFields([{ field: 'markerId', message: ANSWER_SCRIPTS_TEXT.markerNotAdmin }]);
      markerName = marker?.name ?? null;
    }
    const ids = [...new Set(body.scriptIds)];
    const known = new Set((await repo.scriptIdsOfPaper(tx, paperId, ids)).map((row) => row.id));
    refuseFields(body.scriptIds.flatMap((id, index) => (known.has(id) ? [] : [{ field: `scriptIds.${index}`, message: ANSWER_SCRIPTS_TEXT.scriptsUnknown }])));
    const assigned = await repo.assignScripts(tx, paperId, ids, body.markerId, iso(ctx.clock()));
    await recordAudit(tx, actor, {
      action: 'paper.script-assign',
      target: await actionTarget(tx, paper),
      summary: markerName
        ? `Assigned ${assigned} ${assigned === 1 ? 'answer script' : 'answer scripts'} of ${paper.title} to ${markerName}`
        : `Unassigned ${assigned} ${assigned === 1 ? 'answer script' : 'answer scripts'} of ${paper.title}`,
      detail: { scriptIds: ids, markerId: body.markerId },
    });
    return { assigned };
  });
}

async function markingScriptOf(db: Db, written: repo.WrittenPartRows, script: repo.ScriptRow): Promise<MarkingScript> {
  const [pages, marks, student] = await Promise.all([repo.scriptPages(db, script.id), repo.marksOf(db, [script.id]), studentOf(db, script.account_id)]);
  const given = new Map(marks.map((row) => [row.question_id, row.marks]));
  return {
    scriptId: script.id,
    student,
    handedInAt: script.handed_in_at,
    state: stateOf(script.state),
    markerId: script.marker_id,
    comment: script.comment,
    writtenMarks: script.written_marks,
    writtenMaxMarks: writtenMaxMarks(written.questions),
    questions: written.questions.map((question) => ({ questionId: question.id, label: question.label, maxMarks: question.max_marks, marks: given.get(question.id) ?? null })),
    pages: pages.map((page) => scriptPageOf(page, true)),
  };
}

async function scriptOrNotFound(db: Db, paperId: string, scriptId: string): Promise<repo.ScriptRow> {
  const script = await repo.findScript(db, paperId, scriptId);
  if (!script) throw scriptNotFound();
  return script;
}

/** `GET papers/{id}/scripts/{scriptId}`: the script as the marker sees it. */
export async function readMarkingScript(ctx: WrittenDeps, paperId: string, scriptId: string): Promise<MarkingScript> {
  await paperOrNotFound(ctx.db, paperId);
  const written = await writtenOrNotFound(ctx.db, paperId);
  return markingScriptOf(ctx.db, written, await scriptOrNotFound(ctx.db, paperId, scriptId));
}

/** Every shape lies on the page: its points, or its anchor, within the page's pixels. */
function outsideFields(annotations: AnnotationsInput['annotations'], page: { width: number; height: number }): FieldError[] {
  const within = (x: number, y: number) => x <= page.width && y <= page.height;
  return annotations.flatMap((shape, index) => {
    if (shape.kind === 'pen') {
      const inside = shape.points.every((value, at) => value <= (at % 2 === 0 ? page.width : page.height));
      return inside ? [] : [{ field: `annotations.${index}.points`, message: ANSWER_SCRIPTS_TEXT.annotationOutside }];
    }
    return within(shape.x, shape.y) ? [] : [{ field: `annotations.${index}`, message: ANSWER_SCRIPTS_TEXT.annotationOutside }];
  });
}

/** A script with anything saved is in progress, unless it was marked done. */
function progressed(script: repo.ScriptRow): ScriptState {
  return script.state === 'marked' ? 'marked' : 'in-progress';
}

/** `PUT …/pages/{pageId}/annotations`: replaces the page's shapes (at most 500 and 64 KB). */
export async function saveAnnotations(ctx: WrittenDeps, actor: AuditActor, paperId: string, scriptId: string, pageId: string, body: AnnotationsInput) {
  const json = JSON.stringify(body.annotations);
  if (Buffer.byteLength(json) > WRITTEN_LIMITS.annotationBytesMax) throw new AppError(400, ANSWER_SCRIPTS_TEXT.annotationsTooLarge);
  const at = iso(ctx.clock());
  return ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    await writtenOrNotFound(tx, paperId);
    const script = await scriptOrNotFound(tx, paperId, scriptId);
    const page = await repo.findPage(tx, paperId, pageId);
    if (!page || page.script_id !== scriptId) throw errors.notFound(ANSWER_SCRIPTS_TEXT.pageNotFound);
    refuseFields(outsideFields(body.annotations, page));
    await repo.saveAnnotations(tx, pageId, json, actor.id, at);
    await repo.updateScript(tx, scriptId, { state: progressed(script), updated_at: at });
    const student = await studentOf(tx, script.account_id);
    await recordAudit(tx, actor, {
      action: 'paper.script-annotate',
      target: await actionTarget(tx, paper, { name: student.name, reg_no: student.regNo }),
      summary: `Marked page ${page.position ?? 0} of ${student.name}'s answer script for ${paper.title}`,
      detail: { scriptId, pageId, page: page.position, shapesBefore: (JSON.parse(page.annotations_json) as unknown[]).length, shapesAfter: body.annotations.length },
    });
    return { savedAt: at, count: body.annotations.length };
  });
}

function markFields(body: MarksInput, questions: ReadonlyMap<string, repo.WrittenQuestionRow>): FieldError[] {
  return body.marks.flatMap((entry, index) => {
    const question = questions.get(entry.questionId);
    if (!question) return [{ field: `marks.${index}.questionId`, message: ANSWER_SCRIPTS_TEXT.questionIdUnknown }];
    return entry.marks !== null && entry.marks > question.max_marks ? [{ field: `marks.${index}.marks`, message: aboveMaximumMessage(question.label, question.max_marks) }] : [];
  });
}

/**
 * `PUT papers/{id}/scripts/{scriptId}/marks`: sets or clears per-question marks (0 … maximum, 400
 * above it) and the comment. `done` needs every question marked (409) and makes the script marked.
 * After release the totals and ranks are joined again in the same transaction.
 */
export async function saveMarks(ctx: WrittenDeps, actor: AuditActor, paperId: string, scriptId: string, body: MarksInput) {
  const now = ctx.clock();
  const at = iso(now);
  return ctx.db.transaction().execute(async (tx) => {
    const paper: PaperRow | undefined = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    const written = await writtenOrNotFound(tx, paperId);
    const script = await scriptOrNotFound(tx, paperId, scriptId);
    const questions = new Map(written.questions.map((question) => [question.id, question]));
    refuseFields(markFields(body, questions));
    const before = new Map((await repo.marksOf(tx, [scriptId])).map((row) => [row.question_id, row.marks]));
    const after = new Map(before);
    for (const entry of body.marks) {
      if (entry.marks === null) after.delete(entry.questionId);
      else after.set(entry.questionId, entry.marks);
    }
    const complete = written.questions.every((question) => after.has(question.id));
    if (body.done && !complete) throw new AppError(409, ANSWER_SCRIPTS_TEXT.unmarkedQuestions);
    for (const entry of body.marks) await repo.setMark(tx, scriptId, entry.questionId, entry.marks);
    const total = [...after.values()].reduce((sum, marks) => sum + marks, 0);
    const state: ScriptState = body.done || (script.state === 'marked' && complete) ? 'marked' : 'in-progress';
    await repo.updateScript(tx, scriptId, {
      state,
      written_marks: after.size > 0 ? total : null,
      ...(body.comment === undefined ? {} : { comment: body.comment }),
      ...(state === 'marked' && script.state !== 'marked' ? { marked_by: actor.id, marked_at: at } : {}),
      updated_at: at,
    });
    if (paper.released_at !== null) await joinWrittenMarks(tx, paperId, at);
    const student = await studentOf(tx, script.account_id);
    const labelled = (marks: ReadonlyMap<string, number>) => Object.fromEntries(written.questions.map((question) => [question.label, marks.get(question.id) ?? null]));
    await recordAudit(tx, actor, {
      action: 'paper.script-mark',
      target: await actionTarget(tx, paper, { name: student.name, reg_no: student.regNo }),
      summary: `Marked ${student.name}'s answer script for ${paper.title}: ${total} of ${writtenMaxMarks(written.questions)}${state === 'marked' ? ' (done)' : ''}`,
      detail: {
        scriptId,
        before: { marks: labelled(before), comment: script.comment, state: script.state, writtenMarks: script.written_marks },
        after: { marks: labelled(after), comment: body.comment ?? script.comment, state, writtenMarks: after.size > 0 ? total : null },
        afterRelease: paper.released_at !== null,
      },
    });
    return { state, writtenMarks: total };
  });
}

/** Two decimals, halves away from zero, from a whole-number ratio. */
function meanOf(sum: number, count: number): number {
  return Math.round((sum * 100) / count) / 100;
}

/** `GET papers/{id}/written/statistics`: per written question, how many are marked, the mean, highest and lowest. */
export async function writtenStatistics(ctx: WrittenDeps, paperId: string): Promise<WrittenStatistics> {
  await paperOrNotFound(ctx.db, paperId);
  const written = await writtenOrNotFound(ctx.db, paperId);
  const scripts = await ctx.db.selectFrom('paper_scripts').select(['id', 'state']).where('paper_id', '=', paperId).execute();
  const marks = await repo.marksOf(ctx.db, scripts.map((script) => script.id));
  return {
    scripts: scripts.length,
    marked: scripts.filter((script) => script.state === 'marked').length,
    questions: written.questions.map((question) => {
      const given = marks.filter((row) => row.question_id === question.id).map((row) => row.marks);
      return {
        id: question.id,
        label: question.label,
        maxMarks: question.max_marks,
        marked: given.length,
        mean: given.length === 0 ? null : meanOf(given.reduce((sum, value) => sum + value, 0), given.length),
        highest: given.length === 0 ? null : Math.max(...given),
        lowest: given.length === 0 ? null : Math.min(...given),
      };
    }),
  };
}
