import { describe, expect, it } from 'vitest';
import { formatClock } from '../../../i18n/format';
import { PlayedRanges } from './played-ranges';
import { worthReporting } from './position-moved';
import { sortViewers } from './sort-viewers';
import { viewersCsv } from './viewers-csv';

describe('what the player reports', () => {
  it('joins playback into stretches and breaks them at a seek', () => {
    const ranges = new PlayedRanges();
    for (const time of [0, 0.25, 0.5, 1, 2, 3]) ranges.played(time);
    ranges.broken();
    for (const time of [30, 31, 32]) ranges.played(time);
    // A jump between two updates is a seek, not playback.
    ranges.played(50);
    ranges.played(51);
    expect(ranges.take()).toEqual([
      [0, 3],
      [30, 32],
      [50, 51],
    ]);
    expect(ranges.take()).toEqual([]);
    ranges.played(52);
    expect(ranges.take()).toEqual([[51, 52]]);
  });

  it('keeps a report within the server limit of played seconds, leaving the rest for the next', () => {
    const ranges = new PlayedRanges();
    for (let time = 0; time <= 200; time += 1) ranges.played(time);
    expect(ranges.take()).toEqual([[0, 120]]);
    expect(ranges.take()).toEqual([[120, 200]]);
  });

  it("reports what was played or where the student moved, never a seek of the player's own", () => {
    expect(worthReporting([[0, 3]], 3, 3)).toBe(true);
    // Opened at 0 and sought to 21 by the student, or back from 21 to 0.
    expect(worthReporting([], 21, 0)).toBe(true);
    expect(worthReporting([], 0, 21)).toBe(true);
    // A renewed address sought back to the same spot, a start nudged past a gap.
    expect(worthReporting([], 0, 0)).toBe(false);
    expect(worthReporting([], 0.04, 0)).toBe(false);
  });

  it('writes positions as players do', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(20.7)).toBe('0:20');
    expect(formatClock(47 * 60 + 12)).toBe('47:12');
    expect(formatClock(3600 + 5 * 60 + 9)).toBe('1:05:09');
  });
});

describe('the Viewers table', () => {
  const viewers = [
    { studentId: 'a', name: 'Nimali', regNo: '26T02LI', batch: '2026', watchedPercent: 40, lastWatchedAt: '2026-11-20T10:00:00.000Z' },
    { studentId: 'b', name: 'Amaya', regNo: '26T01LI', batch: '2026', watchedPercent: 0, lastWatchedAt: null },
    { studentId: 'c', name: '=cmd', regNo: '26T03LI', batch: '2025', watchedPercent: 95, lastWatchedAt: '2026-11-21T10:00:00.000Z' },
  ];

  it('sorts by any column, never-watched last either way', () => {
    expect(sortViewers(viewers, 'watchedPercent', 'desc').map((v) => v.studentId)).toEqual(['c', 'a', 'b']);
    expect(sortViewers(viewers, 'lastWatchedAt', 'asc').map((v) => v.studentId)).toEqual(['a', 'c', 'b']);
    expect(sortViewers(viewers, 'lastWatchedAt', 'desc').map((v) => v.studentId)).toEqual(['c', 'a', 'b']);
    expect(sortViewers(viewers, 'name', 'asc').map((v) => v.studentId)).toEqual(['c', 'b', 'a']);
  });

  it('exports CSV that a spreadsheet cannot run as a formula', () => {
    const csv = viewersCsv(viewers, ['Name', 'RegNo', 'Batch', '% watched', 'Last watched']);
    expect(csv.startsWith('\uFEFF"Name","RegNo"')).toBe(true);
    expect(csv).toContain(`"'=cmd","26T03LI","2025","95","2026-11-21T10:00:00.000Z"`);
    expect(csv).toContain('"Amaya","26T01LI","2026","0",""');
  });
});
