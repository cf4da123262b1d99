// The SQL of a paper itself: its row, questions and options, its pictures, its class, and what its
// readers need of the attempts (a student's own, an admin's counts). Rows of a multi-row insert name
// every column: SQLite fills a column some rows leave out with NULL, not with its default.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type {
  PaperAttemptsTable,
  PaperImagesTable,
  PaperOptionsTable,
  PaperQuestionsTable,
  PapersTable,
} from '../../db/schema';
import { isPostgres, slices } from '../../db/statements';

export type PaperRow = Selectable<PapersTable>;
export type QuestionRow = Selectable<PaperQuestionsTable>;
export type OptionRow = Selectable<PaperOptionsTable>;
export type AttemptRow = Selectable<PaperAttemptsTable>;
export type ImageRow = Selectable<PaperImagesTable>;

// ---- Papers ----

export function findPaper(db: Db, id: string): Promise<PaperRow | undefined> {
  return db.selectFrom('papers').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The paper's row, held until the transaction ends (PostgreSQL; SQLite's writer holds the whole
 * database), so a start and an edit or a delete never interleave.
 */
export function lockPaper(tx: Db, id: string): Promise<PaperRow | undefined> {
  const query = tx.selectFrom('papers').selectAll().where('id', '=', id);
  return (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertPaper(tx: Db, row: PaperRow): Promise<void> {
  await tx.insertInto('papers').values(row).execute();
}

export type PaperChange = Partial<Omit<PaperRow, 'id' | 'class_id' | 'created_by' | 'created_at'>>;

export async function updatePaper(tx: Db, id: string, change: PaperChange): Promise<void> {
  await tx.updateTable('papers').set(change).where('id', '=', id).execute();
}

/** Deletes the paper unless someone has started it; true when it was deleted. */
export async function deleteUnstartedPaper(tx: Db, id: string): Promise<boolean> {
  const result = await tx.deleteFrom('papers').where('id', '=', id).where('first_started_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A folder's papers, the latest opening first. */
export function papersInFolder(db: Db, folderId: string): Promise<PaperRow[]> {
  return db.selectFrom('papers').selectAll().where('folder_id', '=', folderId).orderBy('opens_at', 'desc').orderBy('id').execute();
}

export function papersOfClass(db: Db, classId: string): Promise<Pick<PaperRow, 'id' | 'folder_id' | 'first_started_at'>[]> {
  return db.selectFrom('papers').select(['id', 'folder_id', 'first_started_at']).where('class_id', '=', classId).execute();
}

export async function deletePapers(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('papers').where('id', 'in', ids).execute();
}

export async function distinctFolderIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('papers').select('folder_id').distinct().execute()).map((row) => row.folder_id);
}

export async function moveFolderId(db: Db, fromId: string, toId: string): Promise<void> {
  await db.updateTable('papers').set({ folder_id: toId }).where('folder_id', '=', fromId).execute();
}

/** The paper's class: its name (the audit log finds a paper by it too) and its folder (whose students may sit it). */
export function classOf(db: Db, classId: string): Promise<{ name: string; folder_id: string } | undefined> {
  return db.selectFrom('classes').select(['name', 'folder_id']).where('id', '=', classId).executeTakeFirst();
}

// ---- Questions and options ----

export function questionsOf(db: Db, paperId: string): Promise<QuestionRow[]> {
  return db.selectFrom('paper_questions').selectAll().where('paper_id', '=', paperId).orderBy('position').execute();
}

export function optionsOf(db: Db, paperId: string): Promise<OptionRow[]> {
  return db.selectFrom('paper_options').selectAll().where('paper_id', '=', paperId).orderBy('question_id').orderBy('position').execute();
}

export async function insertQuestions(tx: Db, questions: QuestionRow[], options: OptionRow[]): Promise<void> {
  for (const part of slices(questions)) await tx.insertInto('paper_questions').values(part).execute();
  for (const part of slices(options)) await tx.insertInto('paper_options').values(part).execute();
}

/** A paper's questions go, and their options with them (on delete cascade). */
export async function deleteQuestions(tx: Db, paperId: string): Promise<void> {
  await tx.deleteFrom('paper_questions').where('paper_id', '=', paperId).execute();
}

export async function updateQuestionWording(tx: Db, id: string, wording: Pick<QuestionRow, 'text' | 'image_id' | 'explanation'>): Promise<void> {
  await tx.updateTable('paper_questions').set(wording).where('id', '=', id).execute();
}

export async function updateOptionText(tx: Db, id: string, text: string): Promise<void> {
  await tx.updateTable('paper_options').set({ text }).where('id', '=', id).execute();
}

// ---- Pictures ----

/** The hashes among these that an upload stored. */
export async function storedImages(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom('paper_images').select('hash').where('hash', 'in', hashes).execute();
  return new Set(rows.map((row) => row.hash));
}

/** The same picture uploaded twice is one row (its name is its hash). */
export async function insertImage(db: Db, row: ImageRow): Promise<void> {
  await db.insertInto('paper_images').values(row).onConflict((oc) => oc.column('hash').doNothing()).execute();
}

export async function paperShowsImage(db: Db, paperId: string, imageId: string): Promise<boolean> {
  const row = await db.selectFrom('paper_questions').select('id').where('paper_id', '=', paperId).where('image_id', '=', imageId).limit(1).executeTakeFirst();
  return row !== undefined;
}

// ---- What readers see of the attempts ----

export function findAttempt(db: Db, paperId: string, accountId: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('paper_attempts').selectAll().where('paper_id', '=', paperId).where('account_id', '=', accountId).executeTakeFirst();
}

/** One student's attempts of these papers. */
export function attemptsOf(db: Db, accountId: string, paperIds: string[]): Promise<AttemptRow[]> {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('paper_attempts').selectAll().where('account_id', '=', accountId).where('paper_id', 'in', paperIds).execute();
}

export async function extraMinutesOf(db: Db, paperId: string, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('paper_accommodations')
    .select('extra_minutes')
    .where('paper_id', '=', paperId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.extra_minutes ?? 0;
}

export interface AttemptCounts {
  /** Started, not handed in, and still inside deadline + grace. */
  sitting: number;
  /** Handed in, or past deadline + grace (handed in by time, whether or not written yet). */
  handedIn: number;
  /** Everyone who started. */
  sat: number;
}

/**
 * Per paper, its attempts by where they stand at the moment whose `deadline + grace` bound is
 * `openSince` (now − grace). Deleted accounts are left out, as from ranks and `sat`.
 */
export async function attemptCounts(db: Db, paperIds: string[], openSince: string): Promise<Map<string, AttemptCounts>> {
  if (paperIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('paper_attempts')
    .innerJoin('accounts', 'accounts.id', 'paper_attempts.account_id')
    .where('paper_attempts.paper_id', 'in', paperIds)
    .where('accounts.deleted_at', 'is', null)
    .select([
      'paper_attempts.paper_id',
      sql<number | string>`sum(case when paper_attempts.handed_in_at is null and paper_attempts.deadline_at >= ${openSince} then 1 else 0 end)`.as('sitting'),
      sql<number | string>`count(*)`.as('sat'),
    ])
    .groupBy('paper_attempts.paper_id')
    .execute();
  // PostgreSQL answers sums and counts as text.
  return new Map(
    rows.map((row) => {
      const sitting = Number(row.sitting);
      const sat = Number(row.sat);
      return [row.paper_id, { sitting, handedIn: sat - sitting, sat }];
    }),
  );
}

/** Attempts still open at the moment whose `deadline + grace` bound is `openSince`, that a reopening did not set. */
export function openAttempts(db: Db, paperId: string, openSince: string): Promise<Pick<AttemptRow, 'id' | 'started_at' | 'extra_minutes' | 'deadline_at'>[]> {
  return db
    .selectFrom('paper_attempts')
    .select(['id', 'started_at', 'extra_minutes', 'deadline_at'])
    .where('paper_id', '=', paperId)
    .where('handed_in_at', 'is', null)
    .where('reopened', '=', 0)
    .where('deadline_at', '>=', openSince)
    .execute();
}

export async function setDeadline(tx: Db, attemptId: string, deadline: string, now: string): Promise<void> {
  await tx.updateTable('paper_attempts').set({ deadline_at: deadline, updated_at: now }).where('id', '=', attemptId).execute();
}

