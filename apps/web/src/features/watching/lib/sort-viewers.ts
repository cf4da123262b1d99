import type { LessonViewer } from '@academy/contract';

export type ViewerColumn = 'name' | 'regNo' | 'batch' | 'watchedPercent' | 'lastWatchedAt';
export type SortDirection = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Sorted by one column; never-watched (null) last whichever way, names breaking ties. */
export function sortViewers(viewers: LessonViewer[], column: ViewerColumn, direction: SortDirection): LessonViewer[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...viewers].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? collator.compare(a.name, b.name) : x === null ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return order * sign || collator.compare(a.name, b.name);
  });
}
