import { PAPER_IMPORT_MAX_BYTES } from '@academy/contract';
import { strFromU8, unzipSync, type UnzipFileInfo } from 'fflate';

// An Excel sheet of questions becomes CSV in the admin's own tab, and the CSV goes to the server's
// import like any other, so every row is checked one way and the server never opens a zip archive
// from the outside (docs/papers.md, 'Importing questions'). A spreadsheet library would be
// a megabyte and, for the maintained one, breaks the portal's CSP (papers-build-plan.md, section
// 4): fflate unpacks only the parts needed, and the browser's DOMParser reads them.

/** The largest file taken: the CSV import's limit (2 MB). */
export const XLSX_MAX_BYTES = PAPER_IMPORT_MAX_BYTES;
/** The most the parts read may unpack to, as their archive declares them: a zip bomb stops here. */
export const XLSX_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

export type XlsxProblem = 'too-large' | 'too-large-unpacked' | 'not-xlsx' | 'unreadable';

/** Why a file could not be read as a sheet; the import dialog words it. */
export class XlsxError extends Error {
  override name = 'XlsxError';

  constructor(readonly problem: XlsxProblem) {
    super(`The file could not be read as an Excel sheet (${problem})`);
  }
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Unpacks the named parts only, refusing the archive when they declare more than the budget left.
 * fflate inflates each part into a buffer of its declared size and never grows it, so a part that
 * lies about its size comes out cut short (and unreadable), never larger: the declared sizes bound
 * the memory.
 */
function unpack(data: Uint8Array, names: ReadonlySet<string>, budget: { left: number }): Record<string, Uint8Array> {
  let oversized = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(data, {
      filter(file: UnzipFileInfo) {
        if (!names.has(file.name)) return false;
        budget.left -= file.originalSize;
        if (budget.left < 0) oversized = true;
        return !oversized;
      },
    });
  } catch {
    throw new XlsxError('not-xlsx');
  }
  if (oversized) throw new XlsxError('too-large-unpacked');
  return files;
}

function parseXml(bytes: Uint8Array | undefined): Document {
  if (!bytes) throw new XlsxError('not-xlsx');
  const document = new DOMParser().parseFromString(strFromU8(bytes), 'application/xml');
  if (document.getElementsByTagName('parsererror').length > 0) throw new XlsxError('unreadable');
  return document;
}

function children(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((child) => child.localName === name);
}

function child(parent: Element, name: string): Element | undefined {
  return children(parent, name)[0];
}

/** The text of a rich or plain string (`<t>`, or `<r><t>` runs), leaving out phonetic guides (`<rPh>`). */
function richText(element: Element): string {
  let text = '';
  for (const part of Array.from(element.children)) {
    if (part.localName === 't') text += part.textContent ?? '';
    else if (part.localName === 'r') text += child(part, 't')?.textContent ?? '';
  }
  return text;
}

/** A part named by a relationship's Target: relative to xl/, or absolute from the archive's root. */
function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** Where the first worksheet and the shared strings are, from the workbook and its relationships. */
function locateParts(files: Record<string, Uint8Array>): { sheet: string; sharedStrings: string | null } {
  const workbook = parseXml(files[WORKBOOK]).documentElement;
  const sheets = child(workbook, 'sheets');
  const first = sheets ? child(sheets, 'sheet') : undefined;
  const sheetId = first?.getAttributeNS(RELATIONSHIPS_NS, 'id');
  if (!sheetId) throw new XlsxError('not-xlsx');
  const relationships = children(parseXml(files[WORKBOOK_RELATIONSHIPS]).documentElement, 'Relationship');
  const target = relationships.find((relationship) => relationship.getAttribute('Id') === sheetId)?.getAttribute('Target');
  if (!target) throw new XlsxError('not-xlsx');
  const strings = relationships.find((relationship) => relationship.getAttribute('Type')?.endsWith('/sharedStrings'))?.getAttribute('Target');
  return { sheet: partPath(target), sharedStrings: strings ? partPath(strings) : null };
}

function readSharedStrings(bytes: Uint8Array | undefined): string[] {
  return bytes ? children(parseXml(bytes).documentElement, 'si').map(richText) : [];
}

/** 'C' is column 3; a reference's row digits are ignored. */
function columnOf(reference: string): number | null {
  const letters = /^([A-Z]+)\d*$/i.exec(reference)?.[1];
  if (!letters) return null;
  return [...letters.toUpperCase()].reduce((column, letter) => column * 26 + letter.charCodeAt(0) - 64, 0);
}

/** A cell's value as the sheet shows it: strings, numbers, booleans, and formulas by their cached value. */
function cellText(cell: Element, sharedStrings: readonly string[]): string {
  const type = cell.getAttribute('t');
  if (type === 'inlineStr') {
    const inline = child(cell, 'is');
    return inline ? richText(inline) : '';
  }
  const value = child(cell, 'v')?.textContent ?? '';
  if (type === 's') return sharedStrings[Number(value)] ?? '';
  if (type === 'b') return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
  return value;
}

/** The sheet's rows by their own number (1 is the header), each as its cells by column. */
function readRows(sheet: Document, sharedStrings: readonly string[]): Map<number, string[]> {
  const rows = new Map<number, string[]>();
  const data = child(sheet.documentElement, 'sheetData');
  if (!data) return rows;
  let rowNumber = 0;
  for (const row of children(data, 'row')) {
    const stated = Number(row.getAttribute('r'));
    rowNumber = Number.isInteger(stated) && stated > 0 ? stated : rowNumber + 1;
    const cells: string[] = [];
    let column = 0;
    for (const cell of children(row, 'c')) {
      column = columnOf(cell.getAttribute('r') ?? '') ?? column + 1;
      cells[column - 1] = cellText(cell, sharedStrings);
    }
    const filled = Array.from(cells, (cell) => cell ?? '');
    while (filled.length > 0 && filled[filled.length - 1] === '') filled.pop();
    if (filled.length > 0) rows.set(rowNumber, filled);
  }
  return rows;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The first worksheet of an XLSX file as RFC 4180 CSV (CRLF). A row missing from the sheet is a
 * blank line, so the server's row numbers are the sheet's own; rows after the last filled one
 * are left out. Throws XlsxError when the file is too large, not a workbook, or unreadable.
 */
export function xlsxToCsv(data: Uint8Array): string {
  if (data.length > XLSX_MAX_BYTES) throw new XlsxError('too-large');
  const budget = { left: XLSX_MAX_UNPACKED_BYTES };
  const parts = locateParts(unpack(data, new Set([WORKBOOK, WORKBOOK_RELATIONSHIPS]), budget));
  const wanted = new Set([parts.sheet, ...(parts.sharedStrings ? [parts.sharedStrings] : [])]);
  const files = unpack(data, wanted, budget);
  const sharedStrings = readSharedStrings(parts.sharedStrings ? files[parts.sharedStrings] : undefined);
  const rows = readRows(parseXml(files[parts.sheet]), sharedStrings);
  const last = [...rows.keys()].reduce((highest, number) => Math.max(highest, number), 0);
  const lines: string[] = [];
  for (let number = 1; number <= last; number += 1) lines.push((rows.get(number) ?? []).map(csvCell).join(','));
  return lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '';
}
