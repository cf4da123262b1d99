// Questions read from a CSV sheet (docs/papers.md 'Importing questions'): every row is
// checked as the editor will check it, good rows come back as the editor holds them and bad ones
// with a sentence per fault, each under the sheet's own row number (the header is row 1, blank rows
// still count). Nothing is stored: the tutor adds the rows to the editor and saves the paper there.
// An XLSX is turned into CSV in the tutor's own tab, so the server never opens a zip from outside.
import { fileTypeFromBuffer } from 'file-type';
import {
  optionKey,
  PAPER_IMPORT_COLUMNS,
  PAPER_IMPORT_MAX_ROWS,
  PAPER_IMPORT_REQUIRED_COLUMNS,
  PAPER_LIMITS,
  PAPERS_TEXT,
  rowOptionGapReason,
  rowOptionsSameReason,
  rowTooLongReason,
  SERVER_TEXT,
  type ImportedQuestion,
} from '@academy/contract';
import { CsvError, parseCsv, unguardCell } from '../../lib/csv';
import { AppError, errors } from '../../lib/errors';

type Column = (typeof PAPER_IMPORT_COLUMNS)[number];

const OPTION_COLUMNS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;

export interface RefusedRow {
  row: number;
  reasons: string[];
}

export interface ImportedSheet {
  questions: ImportedQuestion[];
  refused: RefusedRow[];
}

/** Excel's 'Unicode text' starts so; its bytes would also pass for another kind of file below. */
function isUtf16(bytes: Buffer): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

/** The text of a file that must be UTF-8 (a byte-order mark is fine); 415 for a file of another kind. */
async function sheetText(bytes: Buffer): Promise<string> {
  const notUtf8 = () => errors.badRequest(PAPERS_TEXT.importNotUtf8);
  if (isUtf16(bytes)) throw notUtf8();
  // Anything a signature names (a zip, so an XLSX; a legacy XLS; a PDF; a picture) is not a CSV.
  if (await fileTypeFromBuffer(bytes)) throw new AppError(415, PAPERS_TEXT.importWrongType);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notUtf8();
  }
}

function recordsOf(text: string): string[][] {
  try {
    return parseCsv(text, { keepBlank: true });
  } catch (error) {
    if (error instanceof CsvError) throw errors.badRequest(`${SERVER_TEXT.importBroken}: ${error.message}`);
    throw error;
  }
}

/** Header names matched without regard to case or surrounding spaces; the first of a repeated name counts. */
function columnIndexes(header: string[]): Map<Column, number> {
  const known = new Map<string, Column>(PAPER_IMPORT_COLUMNS.map((name) => [name, name]));
  const indexes = new Map<Column, number>();
  header.forEach((cell, index) => {
    const name = known.get(cell.trim().toLowerCase());
    if (name && !indexes.has(name)) indexes.set(name, index);
  });
  return indexes;
}

type Cells = (column: Column) => string;

/** The cells of one record by column name: the spreadsheet's formula guard undone, spaces trimmed. */
function cellsOf(record: string[], indexes: Map<Column, number>): Cells {
  return (column) => {
    const index = indexes.get(column);
    return index === undefined ? '' : unguardCell((record[index] ?? '').trim()).trim();
  };
}

function isBlank(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** `1`–`6` or `A`–`F` (either case) as a 0-based index; null for anything else. */
function correctIndex(value: string): number | null {
  if (/^[1-6]$/.test(value)) return Number(value) - 1;
  if (/^[a-f]$/i.test(value)) return value.toUpperCase().charCodeAt(0) - 'A'.charCodeAt(0);
  return null;
}

function marksOf(value: string): number | null {
  if (value === '') return PAPER_LIMITS.marksMin;
  if (!/^\d{1,3}$/.test(value)) return null;
  const marks = Number(value);
  return marks >= PAPER_LIMITS.marksMin && marks <= PAPER_LIMITS.marksMax ? marks : null;
}

/** One row: the question as the editor will hold it, or every reason it is refused. */
function checkRow(cell: Cells, row: number): ImportedQuestion | RefusedRow {
  const reasons: string[] = [];
  const text = cell('question');
  if (text === '') reasons.push(PAPERS_TEXT.rowQuestionEmpty);
  else if (text.length > PAPER_LIMITS.questionTextMax) reasons.push(rowTooLongReason('question', PAPER_LIMITS.questionTextMax));

  const cells = OPTION_COLUMNS.map((column) => ({ column, value: cell(column) }));
  cells.forEach(({ column, value }, index) => {
    const before = cells[index - 1];
    if (value !== '' && before && before.value === '') reasons.push(rowOptionGapReason(column, before.column));
  });
  const filled = cells.filter(({ value }) => value !== '');
  if (filled.length < PAPER_LIMITS.optionsMin) reasons.push(PAPERS_TEXT.rowTooFewOptions);
  for (const { column, value } of filled) {
    if (value.length > PAPER_LIMITS.optionTextMax) reasons.push(rowTooLongReason(column, PAPER_LIMITS.optionTextMax));
  }
  filled.forEach((first, index) => {
    const same = filled.slice(index + 1).find((other) => optionKey(other.value) === optionKey(first.value));
    if (same) reasons.push(rowOptionsSameReason(first.column, same.column));
  });

  const correct = correctIndex(cell('correct'));
  if (correct === null) reasons.push(PAPERS_TEXT.rowCorrectInvalid);
  else if ((cells[correct]?.value ?? '') === '') reasons.push(PAPERS_TEXT.rowCorrectEmptyOption);

  const marks = marksOf(cell('marks'));
  if (marks === null) reasons.push(PAPERS_TEXT.rowMarksInvalid);

  const explanation = cell('explanation');
  if (explanation.length > PAPER_LIMITS.explanationMax) reasons.push(rowTooLongReason('explanation', PAPER_LIMITS.explanationMax));

  if (reasons.length > 0 || correct === null || marks === null) return { row, reasons };
  // No gaps among the options here, so the key's column is its index among them.
  return { row, text, options: filled.map(({ value }) => value), correct, marks, explanation };
}

/**
 * Reads a CSV of questions. Refuses the whole file (AppError) when it is not a CSV (415), not
 * UTF-8, unreadable, without a required column, without a question row or over the row limit (400).
 */
export async function readQuestionSheet(bytes: Buffer): Promise<ImportedSheet> {
  const records = recordsOf(await sheetText(bytes));
  const [header, ...rows] = records;
  const indexes = columnIndexes(header ?? []);
  const missing = PAPER_IMPORT_REQUIRED_COLUMNS.filter((name) => !indexes.has(name));
  if (missing.length > 0) throw errors.badRequest(`${PAPERS_TEXT.importMissingColumns}: ${missing.join(', ')}`);
  // The sheet's own row numbers: the header is row 1, so the record after it is row 2.
  const numbered = rows.map((record, index) => ({ record, row: index + 2 })).filter(({ record }) => !isBlank(record));
  if (numbered.length === 0) throw errors.badRequest(PAPERS_TEXT.importEmpty);
  if (numbered.length > PAPER_IMPORT_MAX_ROWS) throw errors.badRequest(PAPERS_TEXT.importTooManyRows);
  const sheet: ImportedSheet = { questions: [], refused: [] };
  for (const { record, row } of numbered) {
    const checked = checkRow(cellsOf(record, indexes), row);
    if ('reasons' in checked) sheet.refused.push(checked);
    else sheet.questions.push(checked);
  }
  return sheet;
}
