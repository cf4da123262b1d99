import path from 'node:path';
import { viewerAddress, type NotificationKind } from '@academy/contract';
import type { NotificationEvent } from '../../notify/notifier';
import type { LessonsContext } from './context';
import type { LessonRow } from './repo';

// A lesson ready for the first time as a notification (docs/notifications.md 'The kinds'):
// its words are the class's and the video's names, it opens the viewer, and its audience is the
// file, resolved at fan-out by class material (who may open it then).

export const LESSON_NOTIFICATION = 'lesson.new' satisfies NotificationKind;

export function lessonSubject(lessonId: string): string {
  return `lesson:${lessonId}`;
}

/** The event of a lesson's file as the store names it now; null for a file no longer in a class. */
export async function lessonNotification(ctx: LessonsContext, lesson: Pick<LessonRow, 'id' | 'file_id'>): Promise<NotificationEvent | null> {
  const file = await ctx.store.stat(lesson.file_id);
  const classFolder = file?.topFolderId ? await ctx.store.stat(file.topFolderId) : null;
  if (!file || !classFolder) return null;
  return {
    kind: LESSON_NOTIFICATION,
    subjectKey: lessonSubject(lesson.id),
    params: { className: classFolder.item.name, title: path.parse(file.item.name).name },
    // The viewer's hash path, without the '/#' the drive's links carry.
    link: viewerAddress(lesson.file_id).replace(/^\/#/, ''),
    to: { audience: lesson.file_id },
  };
}
