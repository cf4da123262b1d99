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

export async function insert(db: Db, row: Omit<LessonRow, 'progress' | 'renditions' | 'error'>): Promise<void> {
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

export async function replaceOutputs(db: Db, lessonId: string, rows: { name: string; store_id: string; size: number }[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('lesson_outputs').where('lesson_id', '=', lessonId).execute();
    // In slices: a long lesson has hundreds of segments, and SQLite caps a statement's parameters.
    for (let start = 0; start < rows.length; start += 200) {
      await tx.insertInto('lesson_outputs').values(rows.slice(start, start + 200).map((row) => ({ lesson_id: lessonId, ...row }))).execute();
    }
  });
}
