// RFC 4180 CSV, small on purpose and shared by every feature that exports or imports a sheet: the
// writer makes what Excel and LibreOffice open (UTF-8 with a byte-order mark, CRLF), and the reader
// takes what they save (quoted fields, doubled quotes, line breaks inside quotes, LF or CRLF).

const BOM = '\uFEFF';

/**
 * A cell that starts with = + - @ (or a tab or carriage return) would run as a formula in a
 * spreadsheet; a leading apostrophe makes it text (OWASP 'CSV injection'). The import removes it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function formatCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function formatCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(formatCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export class CsvError extends Error {}

export interface ParseCsvOptions {
  /**
   * Keep blank records, each as one empty cell (`['']`), instead of skipping them, so a record's
   * index is its row in the sheet less one: an import can then name the row a reader sees in
   * Excel even when the sheet has empty rows. A line break that ends the text adds no record.
   */
  keepBlank?: boolean;
}

/** Every record of the text as an array of cells; blank lines are skipped unless `keepBlank`. */
export function parseCsv(text: string, options: ParseCsvOptions = {}): string[][] {
  const keepBlank = options.keepBlank ?? false;
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    record.push(cell);
    if (keepBlank || record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    cell = '';
  };
  while (i < input.length) {
    const c = input[i];
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      endRecord();
      if (c === '\r' && input[i + 1] === '\n') i += 1;
    } else cell += c;
    i += 1;
  }
  if (quoted) throw new CsvError('a quoted cell is never closed');
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}

/** Undoes the export's formula guard: "'=x" read back is "=x". */
export function unguardCell(value: string): string {
  return value.length > 1 && value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
