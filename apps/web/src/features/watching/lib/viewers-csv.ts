import type { LessonViewer } from '@academy/contract';
import { csvText } from '../../../lib/csv-file';

/** The Viewers table as CSV (UTF-8 with a BOM, formula-guarded: lib/csv-file.ts). */
export function viewersCsv(viewers: LessonViewer[], headings: string[]): string {
  const rows = viewers.map((viewer) => [viewer.name, viewer.regNo, viewer.batch, viewer.watchedPercent, viewer.lastWatchedAt]);
  return csvText([headings, ...rows]);
}
