// The overview grid's cells: how far a class's month is settled, as a tone the cell is coloured
// by. The words on the cell say "118 / 150 paid"; the colour says how many still owe (unpaid, or
// a slip or PayHere payment not yet confirmed), so a month whose students mostly hold free cards or
// exceptions does not look unpaid (decided).

/** What one cell of the overview knows about a class's month (the server's counts). */
export interface MonthCounts {
  students: number;
  pending: number;
  unpaid: number;
}

export type ShareTone = 'none' | 'low' | 'some' | 'most' | 'all';

/** The share (0…1) of the month's students who owe nothing more; null when the class has no students. */
export function settledShare(counts: MonthCounts): number | null {
  if (counts.students <= 0) return null;
  return Math.min(1, Math.max(0, (counts.students - counts.unpaid - counts.pending) / counts.students));
}

/** A cell's tone: all settled, most (≥ 75 %), some (≥ 40 %), low, or none when nobody is in the class. */
export function shareTone(counts: MonthCounts): ShareTone {
  const share = settledShare(counts);
  if (share === null) return 'none';
  if (share >= 1) return 'all';
  if (share >= 0.75) return 'most';
  if (share >= 0.4) return 'some';
  return 'low';
}
