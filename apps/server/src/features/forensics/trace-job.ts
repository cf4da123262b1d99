import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TraceNoMatchReason, TraceResult } from '@academy/contract';
import type { JobContext } from '../../jobs/worker';
import { progressWrites } from '../../lib/progress-writes';
import { readMarks, type Alignment, type MarkReading } from '../../media/forensic-mark';
import { SEGMENT_SECONDS } from '../../media/ladder';
import { inScratch } from '../lessons/job-steps';
import { latestLessonStream, lessonName, lessonSource, lessonStreamers, markedLessons, type MarkedLesson } from '../lessons/service';
import { accountOnRecord } from '../students/service';
import { identifyStudent, MIN_POSITIONS_READ, type SegmentReading } from './codeword';
import type { ForensicsContext } from './context';
import * as repo from './repo';
import { finishTrace } from './service';

// One trace: the copy is compared with each marked lesson until one matches its picture, its
// segments' marks are read against that lesson's source, and the codeword they spell is looked
// for among the students who played the lesson. identifyStudent names one only when an innocent
// match is less likely than one in a million; otherwise the trace says why it named no one.

export interface TracePayload {
  traceId: string;
}

/**
 * How alike the copy's picture must be to a lesson's to be that lesson (mark-reading.ts,
 * `contentMatch`): copies measured 0.996 or more, another lesson on the same slide template 0.886.
 */
const SAME_LESSON = 0.97;

/** A segment whose mark stands less than this far above the unmarked patterns' spread tells nothing. */
const RELIABLE = 3;

export type StoredTraceResult = { result: TraceResult } | { reason: TraceNoMatchReason };

/** A placement's reading as the codeword wants it: ±1 for a clear A or B, 0 for unreadable. */
function readings(alignment: Alignment): SegmentReading[] {
  return alignment.segments.map((segment) => ({
    segmentIndex: segment.index,
    soft: segment.reliability < RELIABLE ? 0 : Math.max(-1, Math.min(1, segment.soft)),
  }));
}

const referencesDir = (ctx: ForensicsContext) => path.join(ctx.workDir, 'references');

/** A deleted (or unmarked again) lesson's sampled source is of no more use: tens of MB each. */
async function forgetReferences(ctx: ForensicsContext, keep: Set<string>): Promise<void> {
  const kept = await readdir(referencesDir(ctx)).catch(() => [] as string[]);
  await Promise.all(kept.filter((name) => !keep.has(name)).map((name) => rm(path.join(referencesDir(ctx), name), { recursive: true, force: true })));
}

async function matchLesson(ctx: ForensicsContext, traceId: string, copy: string, job: JobContext, onProgress: (percent: number) => void) {
  const lessons = await markedLessons(ctx.lessons);
  await forgetReferences(ctx, new Set(lessons.map((lesson) => lesson.id)));
  let best: { lesson: MarkedLesson; reading: MarkReading } | null = null;
  for (const [index, lesson] of lessons.entries()) {
    const reading = await inScratch(ctx.lessons, `trace-${traceId}-${lesson.id}`, job.attempt, async (work) => {
      return readMarks(ctx.lessons.binaries, {
        copy,
        // Sampled once per lesson and kept: the next trace reads only its copy.
        source: () => lessonSource(ctx.lessons, lesson.fileId, work, job.signal),
        referenceDir: path.join(referencesDir(ctx), lesson.id),
        segmentSeconds: SEGMENT_SECONDS,
        signal: job.signal,
        onProgress: (percent) => onProgress(((index + percent / 100) / lessons.length) * 100),
      });
    });
    if (reading.contentMatch >= SAME_LESSON && (!best || reading.contentMatch > best.reading.contentMatch)) best = { lesson, reading };
  }
  return best;
}

async function identify(ctx: ForensicsContext, traceId: string, copy: string, job: JobContext, onProgress: (percent: number) => void): Promise<StoredTraceResult> {
  const match = await matchLesson(ctx, traceId, copy, job, onProgress);
  if (!match) return { reason: 'no-lesson' };
  const { lesson, reading } = match;
  const placements = reading.alignments.map(readings);
  const read = placements[0] ?? [];
  // Enough of the lesson to read, and yet (almost) no segment marked: a copy of the source, not of a stream.
  const marked = read.filter((segment) => segment.soft !== 0).length;
  if (read.length >= MIN_POSITIONS_READ && marked < read.length / 10) return { reason: 'unmarked' };
  const candidates = await lessonStreamers(ctx.lessons, lesson.id);
  const found = identifyStudent(placements, candidates, lesson.secret);
  if (found.studentId === null) return { reason: found.reason };
  const [account, play, name] = await Promise.all([
    accountOnRecord(ctx.db, found.studentId),
    latestLessonStream(ctx.lessons, lesson.id, found.studentId),
    lessonName(ctx.lessons, lesson.fileId),
  ]);
  return {
    result: {
      studentId: found.studentId,
      regNo: account?.regNo || null,
      name: account?.name ?? found.studentId,
      lessonId: lesson.fileId,
      lessonName: name,
      confidence: found.confidence,
      streamedAt: play?.streamed_at ?? null,
      streamedFrom: play?.ip ?? null,
      segmentsRead: found.read,
    },
  };
}

export async function runTrace(ctx: ForensicsContext, payload: unknown, job: JobContext): Promise<void> {
  const { traceId } = payload as TracePayload;
  const trace = await repo.findTrace(ctx.db, traceId);
  if (!trace) return;
  try {
    if (trace.state === 'done') return;
    await repo.updateTrace(ctx.db, traceId, { state: 'processing', progress: 0, error: null });
    const progress = progressWrites((percent) => repo.updateTrace(ctx.db, traceId, { progress: Math.min(99, Math.floor(percent)) }));
    const stored = await identify(ctx, traceId, trace.copy_path, job, (percent) => progress.offer(percent));
    await progress.settled();
    await finishTrace(ctx, traceId, stored);
  } finally {
    // The copy is someone's leaked lesson: kept no longer than it takes to read it (a try that
    // fails keeps it for the next try; failTrace removes it when none is left).
    if ((await repo.findTrace(ctx.db, traceId))?.state === 'done') await rm(path.dirname(trace.copy_path), { recursive: true, force: true });
  }
}
