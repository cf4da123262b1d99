import type { Db } from '../../db/database';

// What other features may read of lessons (watching progress and "New"): a video's probed length
// and when it was added, by the file's store id.

export interface LessonFacts {
  fileId: string;
  durationSeconds: number | null;
  addedAt: string;
}

export async function lessonFacts(db: Db, fileIds: string[]): Promise<Map<string, LessonFacts>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.selectFrom('lessons').select(['file_id', 'duration_seconds', 'created_at']).where('file_id', 'in', fileIds).execute();
  return new Map(rows.map((row) => [row.file_id, { fileId: row.file_id, durationSeconds: row.duration_seconds, addedAt: row.created_at }]));
}

/** Lessons added after `since`, newest first (at most `limit`). */
export async function lessonsAddedSince(db: Db, since: string, limit: number): Promise<LessonFacts[]> {
  const rows = await db
    .selectFrom('lessons')
    .select(['file_id', 'duration_seconds', 'created_at'])
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ fileId: row.file_id, durationSeconds: row.duration_seconds, addedAt: row.created_at }));
}
