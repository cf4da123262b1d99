import type { QueueRow, ScriptState } from '@academy/contract';

/** The queue's filters: a state (or all) and a marker's id, `none` (not assigned) or all. */
export interface QueueFilter {
  state: ScriptState | 'all';
  marker: string | 'all';
}

export function filterQueue(rows: readonly QueueRow[], filter: QueueFilter): QueueRow[] {
  return rows.filter(
    (row) =>
      (filter.state === 'all' || row.state === filter.state) &&
      (filter.marker === 'all' || (filter.marker === 'none' ? row.markerId === null : row.markerId === filter.marker)),
  );
}

/** The script after this one to mark: the next not marked in the queue's order, wrapping round; null when none is left. */
export function nextToMark(rows: readonly QueueRow[], currentId: string): string | null {
  const at = rows.findIndex((row) => row.scriptId === currentId);
  const ordered = [...rows.slice(at + 1), ...rows.slice(0, Math.max(0, at))];
  return ordered.find((row) => row.state !== 'marked')?.scriptId ?? null;
}
