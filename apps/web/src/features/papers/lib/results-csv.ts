import type { HandedInBy } from '@academy/contract';
import { csvText, type CsvValue } from '../../../lib/csv-file';
import type { ResultEntry } from './result-entries';
import { instantToSriLankaInput } from './sri-lanka-time';

/** Every column of the export, in order: the table's, and the figures it only sums up. */
export const RESULTS_CSV_COLUMNS = [
  'name',
  'regNo',
  'district',
  'school',
  'batch',
  'status',
  'marks',
  'percentage',
  'islandRank',
  'districtRank',
  'batchRank',
  'timeTakenSeconds',
  'startedAt',
  'handedInAt',
  'handedInBy',
  'awayCount',
  'awaySeconds',
  'offlineCount',
  'offlineSeconds',
  'devices',
  'lateSaves',
  'extraMinutes',
  'reopened',
] as const;
export type ResultsCsvColumn = (typeof RESULTS_CSV_COLUMNS)[number];

/** The export's words in the reader's language. */
export interface ResultsCsvWords {
  headings: Record<ResultsCsvColumn, string>;
  status: { handedIn: string; sitting: string; absent: string };
  handedInBy: Record<HandedInBy, string>;
  yes: string;
  no: string;
}

/** A time as a sheet reads it: Sri Lanka wall time, '2026-12-12 20:52'. */
function sheetTime(instant: string | null): string | null {
  return instant === null ? null : instantToSriLankaInput(instant).replace('T', ' ');
}

function cells(entry: ResultEntry, words: ResultsCsvWords): Record<ResultsCsvColumn, CsvValue> {
  const status = entry.absent ? words.status.absent : entry.handedInAt === null ? words.status.sitting : words.status.handedIn;
  return {
    name: entry.name,
    regNo: entry.regNo,
    district: entry.district,
    school: entry.school,
    batch: entry.batch,
    status,
    marks: entry.marks,
    percentage: entry.percentage,
    islandRank: entry.islandRank,
    districtRank: entry.districtRank,
    batchRank: entry.batchRank,
    timeTakenSeconds: entry.timeTakenSeconds,
    startedAt: sheetTime(entry.startedAt),
    handedInAt: sheetTime(entry.handedInAt),
    handedInBy: entry.handedInBy === null ? null : words.handedInBy[entry.handedInBy],
    awayCount: entry.awayCount,
    awaySeconds: entry.awaySeconds,
    offlineCount: entry.offlineCount,
    offlineSeconds: entry.offlineSeconds,
    devices: entry.devices,
    lateSaves: entry.lateSaves,
    extraMinutes: entry.extraMinutes,
    reopened: entry.reopened === null ? null : entry.reopened ? words.yes : words.no,
  };
}

/** A paper's written part in the export: its columns' headings and each written question's label. */
export interface WrittenCsvColumns {
  mcqHeading: string;
  writtenHeading: string;
  /** One heading per written question, in the paper's order ('Written Q1'). */
  questionHeadings: readonly string[];
}

/** The written part's cells of a line: MCQ marks, written marks, then each written question's marks. */
function writtenCells(entry: ResultEntry, written: WrittenCsvColumns): CsvValue[] {
  const byQuestion = entry.writtenByQuestion ?? [];
  return [entry.mcqMarks ?? null, entry.writtenMarks ?? null, ...written.questionHeadings.map((_, index) => byQuestion[index] ?? null)];
}

/**
 * The results as the table lists them, absent students included, as CSV (UTF-8 with a BOM,
 * formula-guarded); a paper with a written part adds its columns at the end.
 */
export function resultsCsv(entries: readonly ResultEntry[], words: ResultsCsvWords, written?: WrittenCsvColumns): string {
  const headings: string[] = RESULTS_CSV_COLUMNS.map((column) => words.headings[column]);
  if (written) headings.push(written.mcqHeading, written.writtenHeading, ...written.questionHeadings);
  const rows = entries.map((entry) => {
    const values = cells(entry, words);
    const line: CsvValue[] = RESULTS_CSV_COLUMNS.map((column) => values[column]);
    return written ? [...line, ...writtenCells(entry, written)] : line;
  });
  return csvText([headings, ...rows]);
}
