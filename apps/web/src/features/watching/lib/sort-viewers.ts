import type { LessonViewer } from '@academy/contract';
import { sortRows, type SortDirection } from '../../../lib/sort-rows';

export type { SortDirection } from '../../../lib/sort-rows';
export type ViewerColumn = 'name' | 'regNo' | 'batch' | 'watchedPercent' | 'lastWatchedAt';

/** Sorted by one column; never-watched (null) last whichever way, names breaking ties. */
export function sortViewers(viewers: LessonViewer[], column: ViewerColumn, direction: SortDirection): LessonViewer[] {
  return sortRows(viewers, (viewer) => viewer[column], direction, (viewer) => viewer.name);
}
