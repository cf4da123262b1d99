// The written part's SQL (docs/design/answer-scripts.md 'Tables'): its questions and sheet, staged
// and handed-in pages, scripts and their marks. Rules live in the services.
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { PaperScriptPagesTable, PaperScriptsTable, PaperWrittenQuestionsTable, PaperWrittenTable } from '../../../db/schema';

export type WrittenRow = Selectable<PaperWrittenTable>;
export type WrittenQuestionRow = Selectable<PaperWrittenQuestionsTable>;
export type ScriptRow = Selectable<PaperScriptsTable>;
export type PageRow = Selectable<PaperScriptPagesTable>;

export interface WrittenPartRows {
  written: WrittenRow;
  questions: WrittenQuestionRow[];
}

export async function findWritten(db: Db, paperId: string): Promise<WrittenPartRows | undefined> {
  const written = await db.selectFrom('paper_written').selectAll().where('paper_id', '=', paperId).executeTakeFirst();
  if (!written) return undefined;
  const questions = await db.selectFrom('paper_written_questions').selectAll().where('paper_id', '=', paperId).orderBy('position').execute();
  return { written, questions };
}

export async function upsertWritten(db: Db, row: { paper_id: string; grace_minutes: number; updated_by: string; updated_at: string }): Promise<void> {
  await db
    .insertInto('paper_written')
    .values(row)
    .onConflict((oc) => oc.column('paper_id').doUpdateSet({ grace_minutes: row.grace_minutes, updated_by: row.updated_by, updated_at: row.updated_at }))
    .execute();
}

export async function setSheet(db: Db, paperId: string, sheet: { sheet_id: string; sheet_pages: number; sheet_bytes: number }, by: string, at: string): Promise<void> {
  await db.updateTable('paper_written').set({ ...sheet, updated_by: by, updated_at: at }).where('paper_id', '=', paperId).execute();
}

/** Replaces the questions: kept ids are updated in place (their marks stay), the rest inserted or deleted. */
export async function replaceQuestions(db: Db, paperId: string, questions: readonly { id: string; label: string; max_marks: number }[]): Promise<void> {
  const kept = questions.map((question) => question.id);
  let removal = db.deleteFrom('paper_written_questions').where('paper_id', '=', paperId);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  // Positions first moved out of the way, so the unique (paper, position) never clashes mid-way.
  await db.updateTable('paper_written_questions').set((eb) => ({ position: eb('position', '+', 1000) })).where('paper_id', '=', paperId).execute();
  for (const [position, question] of questions.entries()) {
    await db
      .insertInto('paper_written_questions')
      .values({ id: question.id, paper_id: paperId, position, label: question.label, max_marks: question.max_marks })
      .onConflict((oc) => oc.column('id').doUpdateSet({ position, label: question.label, max_marks: question.max_marks }))
      .execute();
  }
}

export async function deleteWritten(db: Db, paperId: string): Promise<void> {
  await db.deleteFrom('paper_written_questions').where('paper_id', '=', paperId).execute();
  await db.deleteFrom('paper_written').where('paper_id', '=', paperId).execute();
}

export async function countPagesOfPaper(db: Db, paperId: string): Promise<number> {
  const row = await db.selectFrom('paper_script_pages').select((eb) => eb.fn.countAll().as('n')).where('paper_id', '=', paperId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countScriptsOfPaper(db: Db, paperId: string): Promise<number> {
  const row = await db.selectFrom('paper_scripts').select((eb) => eb.fn.countAll().as('n')).where('paper_id', '=', paperId).executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Pages ----

export async function insertPage(db: Db, row: Omit<PageRow, 'annotations_json' | 'annotated_by' | 'annotated_at'>): Promise<void> {
  await db.insertInto('paper_script_pages').values(row).execute();
}

/** In the order they were uploaded. */
export function stagedPages(db: Db, attemptId: string): Promise<PageRow[]> {
  return db.selectFrom('paper_script_pages').selectAll().where('attempt_id', '=', attemptId).where('script_id', 'is', null).orderBy('position').orderBy('uploaded_at').execute();
}

export async function lastStagedPosition(db: Db, attemptId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_script_pages')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('attempt_id', '=', attemptId)
    .where('script_id', 'is', null)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export async function countStaged(db: Db, attemptId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_script_pages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('attempt_id', '=', attemptId)
    .where('script_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPage(db: Db, paperId: string, pageId: string): Promise<PageRow | undefined> {
  return db.selectFrom('paper_script_pages').selectAll().where('id', '=', pageId).where('paper_id', '=', paperId).executeTakeFirst();
}

export function scriptPages(db: Db, scriptId: string): Promise<PageRow[]> {
  return db.selectFrom('paper_script_pages').selectAll().where('script_id', '=', scriptId).orderBy('position').execute();
}

export async function deletePage(db: Db, pageId: string): Promise<void> {
  await db.deleteFrom('paper_script_pages').where('id', '=', pageId).execute();
}

export async function deletePages(db: Db, pageIds: readonly string[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db.deleteFrom('paper_script_pages').where('id', 'in', [...pageIds]).execute();
}

export async function commitPage(db: Db, pageId: string, scriptId: string, position: number, size: { width: number; height: number; bytes: number }): Promise<void> {
  await db.updateTable('paper_script_pages').set({ script_id: scriptId, position, ...size }).where('id', '=', pageId).execute();
}

export async function saveAnnotations(db: Db, pageId: string, json: string, by: string, at: string): Promise<void> {
  await db.updateTable('paper_script_pages').set({ annotations_json: json, annotated_by: by, annotated_at: at }).where('id', '=', pageId).execute();
}

// ---- Scripts ----

export function scriptOfAttempt(db: Db, attemptId: string): Promise<ScriptRow | undefined> {
  return db.selectFrom('paper_scripts').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst();
}

export function findScript(db: Db, paperId: string, scriptId: string): Promise<ScriptRow | undefined> {
  return db.selectFrom('paper_scripts').selectAll().where('id', '=', scriptId).where('paper_id', '=', paperId).executeTakeFirst();
}

export async function insertScript(db: Db, row: Omit<ScriptRow, 'state' | 'comment' | 'marker_id' | 'written_marks' | 'marked_by' | 'marked_at'>): Promise<void> {
  await db.insertInto('paper_scripts').values(row).execute();
}

export async function updateScript(db: Db, scriptId: string, set: Partial<Omit<ScriptRow, 'id'>>): Promise<void> {
  await db.updateTable('paper_scripts').set(set).where('id', '=', scriptId).execute();
}

export async function marksOf(db: Db, scriptIds: readonly string[]): Promise<{ script_id: string; question_id: string; marks: number }[]> {
  if (scriptIds.length === 0) return [];
  return db.selectFrom('paper_script_marks').selectAll().where('script_id', 'in', [...scriptIds]).execute();
}

export async function setMark(db: Db, scriptId: string, questionId: string, marks: number | null): Promise<void> {
  if (marks === null) {
    await db.deleteFrom('paper_script_marks').where('script_id', '=', scriptId).where('question_id', '=', questionId).execute();
    return;
  }
  await db
    .insertInto('paper_script_marks')
    .values({ script_id: scriptId, question_id: questionId, marks })
    .onConflict((oc) => oc.columns(['script_id', 'question_id']).doUpdateSet({ marks }))
    .execute();
}

/** The marking queue: scripts with who wrote them (as the account is now) and their marker's name. */
export async function queueRows(db: Db, paperId: string, filter: { state?: string | undefined; marker?: string | undefined }) {
  let query = db
    .selectFrom('paper_scripts as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .leftJoin('accounts as m', 'm.id', 's.marker_id')
    .select(['s.id', 's.account_id', 's.handed_in_at', 's.page_count', 's.state', 's.marker_id', 's.written_marks', 'a.name', 'a.reg_no', 'm.name as marker_name'])
    .where('s.paper_id', '=', paperId);
  if (filter.state) query = query.where('s.state', '=', filter.state);
  if (filter.marker === 'none') query = query.where('s.marker_id', 'is', null);
  else if (filter.marker) query = query.where('s.marker_id', '=', filter.marker);
  return query.orderBy('s.handed_in_at').orderBy('s.id').execute();
}

export async function stateCounts(db: Db, paperId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('paper_scripts')
    .select(['state', (eb) => eb.fn.countAll().as('n')])
    .where('paper_id', '=', paperId)
    .groupBy('state')
    .execute();
  return new Map(rows.map((row) => [row.state, Number(row.n)]));
}

/** Attempts of the paper, live accounts, that have no script. */
export async function attemptsWithoutScript(db: Db, paperId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_attempts as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .leftJoin('paper_scripts as s', 's.attempt_id', 't.id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('t.paper_id', '=', paperId)
    .where('a.deleted_at', 'is', null)
    .where('s.id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function admins(db: Db) {
  return db.selectFrom('accounts').select(['id', 'name', 'account_type']).where('deleted_at', 'is', null).execute();
}

export async function assignScripts(db: Db, paperId: string, scriptIds: readonly string[], markerId: string | null, at: string): Promise<number> {
  const result = await db
    .updateTable('paper_scripts')
    .set({ marker_id: markerId, updated_at: at })
    .where('paper_id', '=', paperId)
    .where('id', 'in', [...scriptIds])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function scriptIdsOfPaper(db: Db, paperId: string, scriptIds: readonly string[]) {
  return db.selectFrom('paper_scripts').select('id').where('paper_id', '=', paperId).where('id', 'in', [...scriptIds]).execute();
}

/** The latest upload deadline's base: the latest attempt deadline of the paper. */
export async function latestDeadline(db: Db, paperId: string): Promise<string | null> {
  const row = await db.selectFrom('paper_attempts').select((eb) => eb.fn.max('deadline_at').as('latest')).where('paper_id', '=', paperId).executeTakeFirst();
  return (row?.latest as string | null | undefined) ?? null;
}

export async function unmarkedCount(db: Db, paperId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_scripts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('paper_id', '=', paperId)
    .where('state', '!=', 'marked')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every script's written marks of the paper, by attempt. */
export async function writtenByAttempt(db: Db, paperId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('paper_scripts').select(['attempt_id', 'written_marks']).where('paper_id', '=', paperId).execute();
  return new Map(rows.map((row) => [row.attempt_id, row.written_marks ?? 0]));
}
