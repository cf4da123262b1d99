import { z } from 'zod';
import { dataAnswer } from './api';

// Watching and progress: the player reports where a student is in a lesson and what
// they played; the server keeps one row per student and file, answers resume positions, the
// student's "Continue watching" row, and the tutor's viewers and retention of a lesson.

export const WATCHING_PATHS = {
  /** POST: a batch of progress reports, applied once per batch id. */
  reports: 'watching/reports',
  /** GET: the caller's own progress in one file (resume). */
  progress: 'watching/progress/:fileId',
  /** GET: the caller's half-watched lessons they may still open, newest first. */
  continueWatching: 'watching/continue',
  /** POST: the student opened the drive screen (the start of "New"). */
  visit: 'watching/visit',
  /** GET: one student's lessons with % watched (an admin, or the student themself). */
  studentLessons: 'watching/students/:studentId/lessons',
  /** GET (admin): every student who may open the lesson, with how far they watched. */
  viewers: 'lessons/:fileId/viewers',
  /** GET (admin): the share of viewers still watching at each minute. */
  retention: 'lessons/:fileId/retention',
} as const;

/** A lesson counts as watched once this share of it was played. */
export const WATCHED_PERCENT = 90;
/** How often the player reports while playing. */
export const REPORT_INTERVAL_SECONDS = 15;
/** The coverage of a lesson is kept in slices this long (a bitmap per student and lesson). */
export const COVERAGE_BUCKET_SECONDS = 5;
/** Longest lesson the coverage follows (6 hours); positions beyond are refused. */
export const MAX_LESSON_SECONDS = 6 * 60 * 60;
export const MAX_REPORTS_PER_BATCH = 50;
export const MAX_RANGES_PER_REPORT = 20;
/** A report covers at most this much played time (15 s at 2x speed, with room for a late timer). */
export const MAX_PLAYED_SECONDS_PER_REPORT = 120;

const fileIdSchema = z.string().trim().min(1, { error: 'is required' }).max(2048, { error: 'is not a valid id' });
const secondsSchema = z.number({ error: 'must be a number of seconds' }).min(0, { error: 'must not be negative' }).max(MAX_LESSON_SECONDS, {
  error: `must be at most ${MAX_LESSON_SECONDS} seconds`,
});

/** A stretch of the lesson played without a seek: [from, to] in seconds of the lesson. */
export const playedRangeSchema = z
  .tuple([secondsSchema, secondsSchema])
  .refine(([from, to]) => to >= from, { error: 'must end after it starts' });

/** One report: where the student is, and what they played since the previous report. */
export const progressReportSchema = z
  .object({
    fileId: fileIdSchema,
    positionSeconds: secondsSchema,
    /** The player's duration, used when the server has not probed the file (the MP4 fallback). */
    durationSeconds: secondsSchema.optional(),
    played: z.array(playedRangeSchema).max(MAX_RANGES_PER_REPORT, { error: `must have at most ${MAX_RANGES_PER_REPORT} ranges` }).default([]),
    /** When the report was made (ms since the epoch, the device's clock): the newest position wins. */
    at: z.number().int({ error: 'must be a time in milliseconds' }).positive({ error: 'must be a time in milliseconds' }),
  })
  .refine((report) => report.played.reduce((sum, [from, to]) => sum + to - from, 0) <= MAX_PLAYED_SECONDS_PER_REPORT, {
    error: `played must cover at most ${MAX_PLAYED_SECONDS_PER_REPORT} seconds in one report`,
    path: ['played'],
  });
export type ProgressReport = z.infer<typeof progressReportSchema>;

export const reportBatchBodySchema = z.object({
  /** Chosen by the device; a batch sent again with the same id is applied once. */
  batchId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, - or _' }),
  reports: z
    .array(progressReportSchema)
    .min(1, { error: 'must hold at least one report' })
    .max(MAX_REPORTS_PER_BATCH, { error: `must hold at most ${MAX_REPORTS_PER_BATCH} reports` }),
});
export type ReportBatchBody = z.infer<typeof reportBatchBodySchema>;

export const reportBatchAnswerSchema = dataAnswer(z.object({ applied: z.boolean() }));
export type ReportBatchAnswer = z.infer<typeof reportBatchAnswerSchema>;

export const watchingFileParamsSchema = z.object({ fileId: fileIdSchema });
export const watchingStudentParamsSchema = z.object({ studentId: z.string().trim().min(1).max(64, { error: 'is not a valid id' }) });

/** A student's progress in one file. */
export const fileProgressSchema = z.object({
  fileId: z.string(),
  positionSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  /** Share of the lesson played at least once, 0-100; 100 for an opened PDF. */
  watchedPercent: z.number().int().min(0).max(100),
  /** Past WATCHED_PERCENT. */
  watched: z.boolean(),
  lastWatchedAt: z.string().nullable(),
});
export type FileProgress = z.infer<typeof fileProgressSchema>;

export const fileProgressAnswerSchema = dataAnswer(fileProgressSchema.nullable());
export type FileProgressAnswer = z.infer<typeof fileProgressAnswerSchema>;

/** A lesson of the "Continue watching" row, or of a student's list in the profile. */
export const watchedLessonSchema = fileProgressSchema.extend({
  name: z.string(),
  mimeType: z.string(),
  viewUrl: z.string(),
  /** The poster's address for this caller (a viewer ticket inside), when the lesson has one. */
  posterUrl: z.string().optional(),
});
export type WatchedLesson = z.infer<typeof watchedLessonSchema>;

export const watchedLessonsAnswerSchema = dataAnswer(z.array(watchedLessonSchema));
export type WatchedLessonsAnswer = z.infer<typeof watchedLessonsAnswerSchema>;

export const visitAnswerSchema = dataAnswer(z.object({ newSince: z.string().nullable() }));
export type VisitAnswer = z.infer<typeof visitAnswerSchema>;

/** A lesson's Viewers panel: every student who may open the lesson, never-opened ones included. */
export const lessonViewerSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  regNo: z.string(),
  batch: z.string(),
  watchedPercent: z.number().int().min(0).max(100),
  lastWatchedAt: z.string().nullable(),
});
export type LessonViewer = z.infer<typeof lessonViewerSchema>;

export const lessonViewersAnswerSchema = dataAnswer(z.array(lessonViewerSchema));
export type LessonViewersAnswer = z.infer<typeof lessonViewersAnswerSchema>;

export const retentionAnswerSchema = dataAnswer(
  z.object({
    durationSeconds: z.number().nullable(),
    /** Students who played any of it. */
    viewers: z.number().int(),
    /** minute 0, 1, 2, ... (the last one is the end): the percent of viewers who played that moment. */
    points: z.array(z.object({ minute: z.number().int(), percent: z.number() })),
  }),
);
export type RetentionAnswer = z.infer<typeof retentionAnswerSchema>;

/** What a drive listing adds to an item for a student. */
export const driveItemWatchSchema = z.object({
  watchedPercent: z.number().int().min(0).max(100),
  positionSeconds: z.number(),
  watched: z.boolean(),
});
export type DriveItemWatch = z.infer<typeof driveItemWatchSchema>;
