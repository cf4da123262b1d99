import {
  driveItemKind,
  FOLDER_MIME_TYPE,
  WATCHED_PERCENT,
  WATCHING_TEXT,
  SERVER_TEXT,
  type DriveItem,
  type FileProgress,
  type LessonViewer,
  type ReportBatchBody,
  type RetentionAnswer,
  type WatchedLesson,
} from '@academy/contract';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { classFolderOf, fileAudience, openableFile, openableFiles } from '../class-material/file-audience';
import { lessonFacts, lessonsAddedSince } from '../lessons/facts';
import type { WatchingContext } from './context';
import { decode, playedAt } from './coverage';
import { lengthOf, toFileProgress, watchedPercent } from './progress-rules';
import * as repo from './repo';

// The watching feature's rules (docs/watching.md): reports are applied once per batch, only for
// files the student may open now; a student reads only their own progress; the tutor reads a
// lesson's viewers among the students who may open it.

const CONTINUE_LIMIT = 12;
/** Drive screen visits closer together than this are one visit: "New" stays put while browsing. */
const VISIT_GAP_MS = 30 * 60 * 1000;
/** A student's first visit shows the last week's lessons as new. */
const FIRST_VISIT_NEW_MS = 7 * 24 * 60 * 60 * 1000;
/** Newest lessons looked at for a class's "N new". */
const NEW_LESSONS_LOOKED_AT = 200;

function probed(facts: Map<string, { durationSeconds: number | null }>, fileId: string): number | null {
  return facts.get(fileId)?.durationSeconds ?? null;
}

/**
 * Applies a batch of the caller's reports once. Reports on a file the caller may no longer open
 * (a grant revoked while they sat in the player's queue) are dropped; a batch with none left is 404.
 */
export async function submitReports(ctx: WatchingContext, caller: SessionAccount, body: ReportBatchBody): Promise<boolean> {
  const fileIds = [...new Set(body.reports.map((report) => report.fileId))];
  const openable = new Set<string>();
  for (const fileId of fileIds) {
    if (await ctx.access.check(caller.id, fileId, async () => (await openableFile(ctx.material, caller.id, fileId)) !== null)) openable.add(fileId);
  }
  const reports = body.reports.filter((report) => openable.has(report.fileId));
  if (reports.length === 0) throw errors.notFound(WATCHING_TEXT.lessonNotFound);
  return ctx.writer.write({ accountId: caller.id, batchId: body.batchId, reports });
}

/** The caller's own progress in a file they may open: where to resume. */
export async function ownProgress(ctx: WatchingContext, caller: SessionAccount, fileId: string): Promise<FileProgress | null> {
  const item = await openableFile(ctx.material, caller.id, fileId);
  if (!item) throw errors.notFound(WATCHING_TEXT.lessonNotFound);
  const row = await repo.findProgress(ctx.db, caller.id, item.id);
  if (!row) return null;
  return toFileProgress(row, item, probed(await lessonFacts(ctx.db, [item.id]), item.id));
}

function watchedLesson(row: repo.ProgressRow, item: DriveItem, facts: Map<string, { durationSeconds: number | null }>): WatchedLesson {
  return {
    ...toFileProgress(row, item, probed(facts, item.id)),
    name: item.name,
    mimeType: item.mimeType,
    viewUrl: item.viewUrl ?? '',
    ...(item.posterUrl ? { posterUrl: item.posterUrl } : {}),
  };
}

/** The caller's half-watched videos they may still open, last watched first. */
export async function continueWatching(ctx: WatchingContext, caller: SessionAccount): Promise<WatchedLesson[]> {
  const rows = (await repo.recentProgress(ctx.db, caller.id, CONTINUE_LIMIT * 3)).filter((row) => row.covered_seconds > 0);
  const byFile = new Map(rows.map((row) => [row.file_id, row]));
  const items = (await openableFiles(ctx.material, caller.id, [...byFile.keys()])).filter((item) => driveItemKind(item) === 'video');
  const facts = await lessonFacts(ctx.db, items.map((item) => item.id));
  return items
    .flatMap((item) => {
      const row = byFile.get(item.id);
      return row ? [watchedLesson(row, item, facts)] : [];
    })
    .filter((lesson) => !lesson.watched)
    .slice(0, CONTINUE_LIMIT);
}

/** One student's opened lessons (those they may open now), for an admin or the student themself. */
export async function studentLessons(ctx: WatchingContext, caller: SessionAccount, studentId: string): Promise<WatchedLesson[]> {
  if (!caller.isAdmin && caller.id !== studentId) throw errors.forbidden(WATCHING_TEXT.notYourProgress);
  if (!(await repo.studentExists(ctx.db, studentId))) throw errors.notFound(SERVER_TEXT.studentNotFound);
  const rows = (await repo.allProgress(ctx.db, studentId)).sort((a, b) => b.last_watched_at.localeCompare(a.last_watched_at));
  const byFile = new Map(rows.map((row) => [row.file_id, row]));
  const items = await openableFiles(ctx.material, studentId, [...byFile.keys()]);
  const facts = await lessonFacts(ctx.db, items.map((item) => item.id));
  // The posters carry the student's own tickets: not for anyone else's eyes.
  return items.flatMap((item) => {
    const row = byFile.get(item.id);
    if (!row) return [];
    const { posterUrl, ...lesson } = watchedLesson(row, item, facts);
    return [caller.id === studentId && posterUrl ? { ...lesson, posterUrl } : lesson];
  });
}

/** Every student who may open the lesson, with how far they watched (never opened: 0 and null). */
export async function lessonViewers(ctx: WatchingContext, caller: SessionAccount, fileId: string): Promise<LessonViewer[]> {
  const { item, students } = await fileAudience(ctx.material, caller.id, fileId);
  const rows = new Map((await repo.progressOfFile(ctx.db, item.id)).map((row) => [row.account_id, row]));
  const length = probed(await lessonFacts(ctx.db, [item.id]), item.id);
  const kind = driveItemKind(item);
  return students.map((student) => {
    const row = rows.get(student.studentId);
    return {
      studentId: student.studentId,
      name: student.name,
      regNo: student.regNo,
      batch: student.batch,
      watchedPercent: row ? watchedPercent(row, kind, length) : 0,
      lastWatchedAt: row?.last_watched_at ?? null,
    };
  });
}

/** The share of viewers (students who may open it and played some of it) still watching at each minute mark. */
export async function lessonRetention(ctx: WatchingContext, caller: SessionAccount, fileId: string): Promise<RetentionAnswer['data']> {
  const { item, students } = await fileAudience(ctx.material, caller.id, fileId);
  const audience = new Set(students.map((student) => student.studentId));
  const rows = (await repo.progressOfFile(ctx.db, item.id)).filter((row) => audience.has(row.account_id) && row.covered_seconds > 0);
  const probedLength = probed(await lessonFacts(ctx.db, [item.id]), item.id);
  const length = probedLength ?? rows.reduce<number | null>((longest, row) => Math.max(longest ?? 0, lengthOf(row, null) ?? 0) || null, null);
  if (!length || rows.length === 0) return { durationSeconds: length, viewers: rows.length, points: [] };
  const maps = rows.map((row) => decode(row.coverage));
  // Each minute mark, and the last moment for the mark past the end: a 60-second lesson has two points.
  const lastMoment = Math.max(0, length - 0.001);
  const points = Array.from({ length: Math.ceil(length / 60) + 1 }, (_, minute) => {
    const moment = Math.min(minute * 60, lastMoment);
    return { minute, percent: Math.round((maps.filter((bits) => playedAt(bits, moment)).length / rows.length) * 1000) / 10 };
  });
  return { durationSeconds: length, viewers: rows.length, points };
}

function newSinceOf(visit: { new_since: string | null; last_seen_at: string } | undefined, now: number): string {
  const firstVisit = new Date(now - FIRST_VISIT_NEW_MS).toISOString();
  if (!visit) return firstVisit;
  if (now - Date.parse(visit.last_seen_at) > VISIT_GAP_MS) return visit.last_seen_at;
  return visit.new_since ?? firstVisit;
}

/** The student is on the drive screen: a visit starts after a gap, and "New" counts from the last one. */
export async function recordVisit(ctx: WatchingContext, caller: SessionAccount): Promise<string> {
  const now = Date.now();
  const newSince = newSinceOf(await repo.findVisit(ctx.db, caller.id), now);
  await repo.saveVisit(ctx.db, { account_id: caller.id, new_since: newSince, last_seen_at: new Date(now).toISOString() });
  return newSince;
}

/** A student's listing: progress on files, "New" on lessons added since their last visit and not opened. */
export async function describeForStudent(ctx: WatchingContext, items: DriveItem[], accountId: string): Promise<DriveItem[]> {
  const files = items.filter((item) => item.mimeType !== FOLDER_MIME_TYPE);
  const hasFolders = files.length < items.length;
  const [rows, visit] = await Promise.all([repo.progressOfFiles(ctx.db, accountId, files.map((item) => item.id)), repo.findVisit(ctx.db, accountId)]);
  const progress = new Map(rows.map((row) => [row.file_id, row]));
  const newSince = newSinceOf(visit, Date.now());
  const facts = await lessonFacts(ctx.db, files.map((item) => item.id));
  const newCounts = hasFolders ? await newLessonsByClass(ctx, accountId, newSince) : new Map<string, number>();
  return items.map((item) => {
    if (item.mimeType === FOLDER_MIME_TYPE) {
      const count = newCounts.get(item.id);
      return count ? { ...item, newCount: count } : item;
    }
    const row = progress.get(item.id);
    const fact = facts.get(item.id);
    const isNew = !row && fact !== undefined && fact.addedAt > newSince;
    if (!row) return isNew ? { ...item, isNew } : item;
    const percent = watchedPercent(row, driveItemKind(item), fact?.durationSeconds);
    return { ...item, watch: { watchedPercent: percent, positionSeconds: row.position_seconds, watched: percent >= WATCHED_PERCENT } };
  });
}

async function newLessonsByClass(ctx: WatchingContext, accountId: string, newSince: string): Promise<Map<string, number>> {
  const added = await lessonsAddedSince(ctx.db, newSince, NEW_LESSONS_LOOKED_AT);
  const opened = await repo.openedFileIds(ctx.db, accountId, added.map((lesson) => lesson.fileId));
  const counts = new Map<string, number>();
  for (const lesson of added) {
    if (opened.has(lesson.fileId)) continue;
    const folder = await classFolderOf(ctx.material, lesson.fileId);
    if (folder) counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return counts;
}

/** After a rename: progress follows every file whose id changed with it. */
export async function followRename(ctx: WatchingContext, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) return;
  for (const { file_id: fileId } of await repo.distinctFileIds(ctx.db)) {
    const moved = ctx.material.store.movedId(fileId, fromId, toId);
    if (moved !== fileId) await repo.moveFileId(ctx.db, fileId, moved);
  }
}
