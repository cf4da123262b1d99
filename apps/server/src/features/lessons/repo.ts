import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { LessonsTable } from '../../db/schema';

// The lessons' rows: one per video, keyed by the source's store id as it is now.

export type LessonRow = Selectable<LessonsTable>;

export function findByFile(db: Db, fileId: string): Promise<LessonRow | undefined> {
  return db.selectFrom('lessons').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

export function findById(db: Db, id: string): Promise<LessonRow | undefined> {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByFiles(db: Db, fileIds: string[]): Promise<LessonRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('lessons').selectAll().where('file_id', 'in', fileIds).execute();
}

export function listFileIds(db: Db): Promise<{ id: string; file_id: string }[]> {
  return db.selectFrom('lessons').select(['id', 'file_id']).execute();
}

export async function insert(db: Db, row: Omit<LessonRow, 'progress' | 'renditions' | 'error' | 'marks' | 'mark_secret_hex'>): Promise<void> {
  await db.insertInto('lessons').values(row).execute();
}

export async function update(db: Db, id: string, changes: Partial<Omit<LessonRow, 'id'>>): Promise<void> {
  await db.updateTable('lessons').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lessons').where('id', '=', id).execute();
}

export async function outputId(db: Db, lessonId: string, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('lesson_outputs').select('store_id').where('lesson_id', '=', lessonId).where('name', '=', name).executeTakeFirst();
  return row?.store_id;
}

export function outputs(db: Db, lessonId: string): Promise<{ name: string; store_id: string }[]> {
  return db.selectFrom('lesson_outputs').select(['name', 'store_id']).where('lesson_id', '=', lessonId).execute();
}

/** One stored output: its name in the lesson ('360p/4.ts', '' for the folder), store id and size. */
export type OutputRow = { name: string; store_id: string; size: number };

async function insertOutputs(tx: Db, lessonId: string, rows: OutputRow[]): Promise<void> {
  // In slices: a long lesson has hundreds of segments, and SQLite caps a statement's parameters.
  for (let start = 0; start < rows.length; start += 200) {
    await tx.insertInto('lesson_outputs').values(rows.slice(start, start + 200).map((row) => ({ lesson_id: lessonId, ...row }))).execute();
  }
}

/**
 * A new ladder A in place of whatever the lesson had, and the row's changes (ready, marks 'a'), in
 * one transaction: a viewer never finds marks that name a ladder B whose rows are gone.
 */
/** The new ladder and the row's changes in one transaction, with whatever else must commit with them (`also`). */
export async function replaceLadder(
  db: Db,
  lessonId: string,
  rows: OutputRow[],
  changes: Partial<Omit<LessonRow, 'id'>>,
  also: (tx: Db) => Promise<void> = async () => undefined,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('lesson_outputs').where('lesson_id', '=', lessonId).execute();
    await insertOutputs(tx, lessonId, rows);
    await tx.updateTable('lessons').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', lessonId).execute();
    await also(tx);
  });
}

/** One play of a lesson (its key fetched): what a trace reports as "streamed at, from". */
export async function recordStream(db: Db, row: { lesson_id: string; account_id: string; ip: string; streamed_at: string }): Promise<void> {
  await db.insertInto('lesson_streams').values(row).execute();
}

/**
 * Adds ladder B's segments and says the lesson has both marks, in one transaction, and only if
 * ladder A is still the one in `folderId` (it may have been made again meanwhile).
 */
export async function addVariantB(db: Db, lessonId: string, folderId: string, rows: OutputRow[]): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const folder = await tx.selectFrom('lesson_outputs').select('store_id').where('lesson_id', '=', lessonId).where('name', '=', '').executeTakeFirst();
    if (folder?.store_id !== folderId) return false;
    await tx.deleteFrom('lesson_outputs').where('lesson_id', '=', lessonId).where('name', 'like', 'b/%').execute();
    await insertOutputs(tx, lessonId, rows);
    await tx.updateTable('lessons').set({ marks: 'ab', updated_at: new Date().toISOString() }).where('id', '=', lessonId).execute();
    return true;
  });
}

/** Everyone who played the lesson: only they can have saved a copy that decrypts. */
export async function streamers(db: Db, lessonId: string): Promise<string[]> {
  const rows = await db.selectFrom('lesson_streams').select('account_id').distinct().where('lesson_id', '=', lessonId).execute();
  return rows.map((row) => row.account_id);
}

/** A viewer's latest play of the lesson. */
export function latestStream(db: Db, lessonId: string, accountId: string): Promise<{ ip: string; streamed_at: string } | undefined> {
  return db
    .selectFrom('lesson_streams')
    .select(['ip', 'streamed_at'])
    .where('lesson_id', '=', lessonId)
    .where('account_id', '=', accountId)
    .orderBy('streamed_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The ready lessons with both marked ladders: the ones a copy can be traced to. */
export function markedLessons(db: Db): Promise<Pick<LessonRow, 'id' | 'file_id' | 'mark_secret_hex'>[]> {
  return db.selectFrom('lessons').select(['id', 'file_id', 'mark_secret_hex']).where('state', '=', 'ready').where('marks', '=', 'ab').execute();
}

/** Ready lessons still on an unmarked ladder (transcoded before marks existed). */
export function unmarkedReady(db: Db): Promise<LessonRow[]> {
  return db.selectFrom('lessons').selectAll().where('state', '=', 'ready').where('marks', '=', 'none').execute();
}

/**
 * A try that failed: the lesson goes back to `queued` (another try comes) or to `failed` (none
 * will), with the reason. A ready lesson being made again stays ready on the ladder it has: its
 * viewers lose nothing, and only the reason tells the admin.
 */
export async function recordFailure(db: Db, id: string, reason: string, next: 'queued' | 'failed'): Promise<void> {
  await db
    .updateTable('lessons')
    .set((eb) => ({ state: eb.case().when('state', '=', 'ready').then('ready').else(next).end(), error: reason, updated_at: new Date().toISOString() }))
    .where('id', '=', id)
    .execute();
}

/** A lesson whose ladder B failed for good: no marks (it keeps ladder A), unless made again meanwhile. */
export async function unmarkIfAdding(db: Db, id: string): Promise<void> {
  await db.updateTable('lessons').set({ marks: 'none', updated_at: new Date().toISOString() }).where('id', '=', id).where('marks', '=', 'a').execute();
}
