import { driveItemKind, WATCHED_PERCENT, type FileProgress } from '@academy/contract';
import type { ProgressRow } from './repo';

// How a progress row reads: the share watched, and whether it counts as watched. One place, so the
// drive's bars, the tutor's table and the 90 % rule never disagree.

/** The lesson's length: the probed one when the server has it, else what the player said. */
export function lengthOf(row: Pick<ProgressRow, 'duration_seconds'>, probedSeconds: number | null | undefined): number | null {
  return probedSeconds ?? row.duration_seconds ?? null;
}

/** 0-100: the share of the lesson played at least once. A PDF (no length) opened is 100. */
export function watchedPercent(row: Pick<ProgressRow, 'covered_seconds' | 'duration_seconds'>, kind: string, probedSeconds: number | null | undefined): number {
  if (kind === 'pdf') return 100;
  const length = lengthOf(row, probedSeconds);
  if (!length) return 0;
  return Math.min(100, Math.floor((row.covered_seconds / length) * 100));
}

export function toFileProgress(row: ProgressRow, item: { name: string; mimeType: string }, probedSeconds: number | null | undefined): FileProgress {
  const percent = watchedPercent(row, driveItemKind(item), probedSeconds);
  return {
    fileId: row.file_id,
    positionSeconds: row.position_seconds,
    durationSeconds: lengthOf(row, probedSeconds),
    watchedPercent: percent,
    watched: percent >= WATCHED_PERCENT,
    lastWatchedAt: row.last_watched_at,
  };
}
