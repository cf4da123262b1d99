import { describe, expect, it } from 'vitest';
import type { ResultRow } from '@academy/contract';
import { resultEntries, type ResultsData } from './result-entries';
import { RESULTS_CSV_COLUMNS, resultsCsv, type ResultsCsvWords } from './results-csv';

const WORDS: ResultsCsvWords = {
  headings: Object.fromEntries(RESULTS_CSV_COLUMNS.map((column) => [column, column])) as ResultsCsvWords['headings'],
  status: { handedIn: 'Handed in', sitting: 'Sitting', absent: 'Did not sit' },
  handedInBy: { student: 'Student', time: 'Time' },
  yes: 'Yes',
  no: 'No',
};

function row(overrides: Partial<ResultRow>): ResultRow {
  return {
    studentId: 's1',
    name: 'Amaya',
    regNo: '26T01LI',
    district: 'Kandy',
    school: 'Mahamaya',
    batch: '2026',
    marks: 40,
    percentage: 80,
    islandRank: 1,
    districtRank: 1,
    batchRank: 1,
    timeTakenSeconds: 2520,
    startedAt: '2026-12-12T14:30:00.000Z',
    handedInAt: '2026-12-12T15:12:00.000Z',
    handedInBy: 'student',
    awayCount: 2,
    awaySeconds: 30,
    offlineCount: 0,
    offlineSeconds: 0,
    devices: 1,
    lateSaves: 0,
    extraMinutes: 0,
    reopened: false,
    ...overrides,
  };
}

const DATA: ResultsData = {
  paper: { id: 'p1', title: 'Paper 1', maxMarks: 50, sat: 3, resultsReadyAt: null, releasedAt: null },
  rows: [
    row({}),
    row({ studentId: 's2', name: '=HYPERLINK("http://x")', regNo: '+26T02', marks: 30, percentage: 60, islandRank: 2, handedInBy: 'time' }),
    row({ studentId: 's3', name: 'කමල්', marks: null, percentage: null, islandRank: null, districtRank: null, batchRank: null, handedInAt: null, handedInBy: null }),
  ],
  absent: [{ studentId: 's4', name: '@Nimal', regNo: '26T04LI', district: 'Galle', school: '', batch: '2026', extraMinutes: 15 }],
};

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
}

describe('the results export', () => {
  const entries = resultEntries(DATA, 'islandRank', 'asc');
  const csv = resultsCsv([...entries.sat, ...entries.absent], WORDS);

  it('is UTF-8 with a byte-order mark and CRLF lines, its headings first', () => {
    expect(csv.startsWith('\uFEFF"name","regNo","district"')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines(csv)).toHaveLength(5);
  });

  it('keeps the table order: ranked first, a student still sitting after, then those who did not sit', () => {
    expect(lines(csv).slice(1).map((line) => line.split(',')[1])).toEqual(['"26T01LI"', `"'+26T02"`, '"26T01LI"', '"26T04LI"']);
  });

  it('defuses text a spreadsheet would run as a formula, and quotes quotes', () => {
    expect(lines(csv)[2]).toContain(`"'=HYPERLINK(""http://x"")","'+26T02"`);
    expect(lines(csv)[4]).toMatch(/^"'@Nimal"/);
  });

  it('writes Sinhala as it is, times in Sri Lanka, and words for states', () => {
    expect(lines(csv)[1]).toBe(
      '"Amaya","26T01LI","Kandy","Mahamaya","2026","Handed in","40","80","1","1","1","2520","2026-12-12 20:00","2026-12-12 20:42","Student","2","30","0","0","1","0","0","No"',
    );
    expect(lines(csv)[3]).toContain('"කමල්","26T01LI","Kandy","Mahamaya","2026","Sitting","","","","",""');
    expect(lines(csv)[4]).toBe('"\'@Nimal","26T04LI","Galle","","2026","Did not sit","","","","","","","","","","","","","","","","15",""');
  });
});
