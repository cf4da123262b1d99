import { describe, expect, it } from 'vitest';
import { RESULTS_CSV_COLUMNS, resultsCsv, type ResultsCsvWords } from './results-csv';
import type { ResultEntry } from './result-entries';

// The written part's columns of the results export (docs/design/answer-scripts.md, 'Totals everywhere').

const WORDS: ResultsCsvWords = {
  headings: Object.fromEntries(RESULTS_CSV_COLUMNS.map((column) => [column, column])) as ResultsCsvWords['headings'],
  status: { handedIn: 'Handed in', sitting: 'Sitting', absent: 'Did not sit' },
  handedInBy: { student: 'Student', time: 'Time' },
  yes: 'Yes',
  no: 'No',
};

function entry(overrides: Partial<ResultEntry>): ResultEntry {
  return {
    studentId: 's1', name: 'Amaya', regNo: '26T01LI', district: 'Kandy', school: 'Mahamaya', batch: '2026',
    marks: 52, percentage: 65, islandRank: 1, districtRank: 1, batchRank: 1, timeTakenSeconds: 2520,
    startedAt: '2026-12-12T14:30:00.000Z', handedInAt: '2026-12-12T15:12:00.000Z', handedInBy: 'student',
    awayCount: 0, awaySeconds: 0, offlineCount: 0, offlineSeconds: 0, devices: 1, lateSaves: 0, extraMinutes: 0, reopened: false,
    absent: false,
    ...overrides,
  };
}

const WRITTEN = { mcqHeading: 'MCQ marks', writtenHeading: 'Written marks', questionHeadings: ['Written Q1', 'Written Q2'] };

function lines(csv: string): string[][] {
  return csv.replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')));
}

describe('the results export of a paper with a written part', () => {
  it('adds the MCQ marks, the written marks and each written question after the usual columns', () => {
    const csv = lines(resultsCsv([entry({ mcqMarks: 40, writtenMarks: 12, writtenByQuestion: [7, 5] })], WORDS, WRITTEN));
    expect(csv[0]?.slice(-4)).toEqual(['MCQ marks', 'Written marks', 'Written Q1', 'Written Q2']);
    expect(csv[1]?.slice(-4)).toEqual(['40', '12', '7', '5']);
    expect(csv[0]).toHaveLength(RESULTS_CSV_COLUMNS.length + 4);
  });

  it('leaves a question not marked, and a student who never sat, empty', () => {
    const csv = lines(resultsCsv([entry({ mcqMarks: 40, writtenMarks: 7, writtenByQuestion: [7, null] }), entry({ absent: true, marks: null })], WORDS, WRITTEN));
    expect(csv[1]?.slice(-2)).toEqual(['7', '']);
    expect(csv[2]?.slice(-4)).toEqual(['', '', '', '']);
  });

  it('is the plain export for a paper without one', () => {
    expect(lines(resultsCsv([entry({})], WORDS))[0]).toHaveLength(RESULTS_CSV_COLUMNS.length);
  });
});
