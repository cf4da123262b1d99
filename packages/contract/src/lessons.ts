import { z } from 'zod';
import { API_BASE, dataAnswer } from './api';

// Lessons: every uploaded video is transcoded into an encrypted HLS ladder. The viewer
// plays it through per-ticket playlists; each playlist, segment and key request carries the same
// viewer ticket as secure-file (`?t=`) and is checked like secure-file on every request.

/** The qualities of the ladder, lowest first; a lesson never gets one above its source's height. */
export const LESSON_RENDITIONS = ['240p', '360p', '480p', '720p'] as const;
export type LessonRendition = (typeof LESSON_RENDITIONS)[number];

/** The picture height of each rendition. */
export const LESSON_RENDITION_HEIGHTS: Record<LessonRendition, number> = { '240p': 240, '360p': 360, '480p': 480, '720p': 720 };

export const LESSON_STATES = ['queued', 'processing', 'ready', 'failed'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

/**
 * A ready lesson's leak marks: 'none' (transcoded before marks existed: an admin adds
 * them), 'adding' (ladder A is ready, its twin B is being made), 'ready' (every viewer's stream
 * carries their codeword).
 */
export const LESSON_MARKS = ['none', 'adding', 'ready'] as const;
export type LessonMarks = (typeof LESSON_MARKS)[number];

/** What admins see of a video's processing on the drive screen. */
export const lessonProcessingSchema = z.object({
  state: z.enum(LESSON_STATES),
  /** Percent of the transcode done. */
  progress: z.number().int().min(0).max(100),
  /** Why it failed, for a failed lesson. */
  error: z.string().optional(),
  /** A ready lesson's leak marks. */
  marks: z.enum(LESSON_MARKS).optional(),
});
export type LessonProcessing = z.infer<typeof lessonProcessingSchema>;

/** All under /api/; every GET takes the viewer ticket in `?t=`, the retry an admin's bearer token. */
export const LESSONS_PATHS = {
  master: 'lessons/:fileId/master.m3u8',
  rendition: 'lessons/:fileId/:rendition/index.m3u8',
  /** `segment` is `<n>.ts`. */
  segment: 'lessons/:fileId/:rendition/:segment',
  key: 'lessons/:fileId/key',
  poster: 'lessons/:fileId/poster.jpg',
  /** The seek bar's sprite and its WebVTT cues (`thumbnails.jpg#xywh=x,y,w,h`). */
  thumbnails: 'lessons/:fileId/thumbnails.jpg',
  thumbnailsVtt: 'lessons/:fileId/thumbnails.vtt',
  retry: 'lessons/:fileId/retry',
  /** POST (admin): make a ready lesson's marked ladders again; `marks` alone: every lesson without marks. */
  addMarks: 'lessons/:fileId/marks',
  addAllMarks: 'lessons/marks',
} as const;

/** Store ids are opaque, at most this long (as class material's). */
const lessonFileIdSchema = z.string().trim().min(1, { error: 'is required' }).max(2048, { error: 'is not a valid id' });

export const lessonParamsSchema = z.object({ fileId: lessonFileIdSchema });
export const lessonRenditionParamsSchema = z.object({
  fileId: lessonFileIdSchema,
  rendition: z.enum(LESSON_RENDITIONS, { error: `must be one of ${LESSON_RENDITIONS.join(', ')}` }),
});
export const lessonSegmentParamsSchema = lessonRenditionParamsSchema.extend({
  segment: z.string().regex(/^\d{1,6}\.ts$/, { error: 'is not a segment name' }),
});
export const lessonTicketQuerySchema = z.object({
  t: z.string().min(1, { error: 'is required' }).max(1024, { error: 'is not a valid ticket' }),
});
export type LessonTicketQuery = z.infer<typeof lessonTicketQuerySchema>;

export const lessonRetryAnswerSchema = dataAnswer(lessonProcessingSchema);
export type LessonRetryAnswer = z.infer<typeof lessonRetryAnswerSchema>;

/** The address of one lesson call for a file id, ticket included (under /api/). */
export function lessonAddress(
  path: (typeof LESSONS_PATHS)[keyof typeof LESSONS_PATHS],
  fileId: string,
  ticket: string | null,
  params: { rendition?: string; segment?: string } = {},
): string {
  const filled = path
    .replace(':fileId', encodeURIComponent(fileId))
    .replace(':rendition', params.rendition ?? '')
    .replace(':segment', params.segment ?? '');
  return `${API_BASE}${filled}${ticket === null ? '' : `?t=${encodeURIComponent(ticket)}`}`;
}

export const lessonMarksAnswerSchema = dataAnswer(z.object({ queued: z.number().int() }));
export type LessonMarksAnswer = z.infer<typeof lessonMarksAnswerSchema>;
