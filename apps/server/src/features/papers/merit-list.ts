// The merit list's announcement (papers.md 'Admin actions', 'Publish merit list'): the top N as
// rank, name, school and marks, everyone tied with the Nth included. It is posted as a message, so
// it must fit the message limit: long names and schools are shortened first, so that nobody is
// left out; only when that is not enough are the last rows left off, with a line saying how many.
import { MESSAGE_MAX_LENGTH } from '@academy/contract';

export interface MeritRow {
  /** The stored island rank. */
  rank: number;
  name: string;
  school: string;
  marks: number;
}

export interface MeritListInput {
  title: string;
  maxMarks: number;
  sat: number;
  /** The paper's merit list size, 1–30. */
  top: number;
  rows: readonly MeritRow[];
}

export interface MeritList {
  text: string;
  /** Rows in the text. */
  listed: number;
  /** Rows of the top N (ties included) left off to keep under the limit. */
  omitted: number;
}

/** Fields are never shortened below this many letters. */
const SHORTEST_FIELD = 16;
const names = new Intl.Collator('en', { sensitivity: 'base' });
const counts = new Intl.NumberFormat('en-US');
// Shortened by what a reader sees as one letter, so a Sinhala letter and its vowel sign stay together.
const letters = new Intl.Segmenter('si', { granularity: 'grapheme' });

function lettersOf(text: string): string[] {
  return Array.from(letters.segment(text), (part) => part.segment);
}

/**
 * The rows of the top N: with competition ranks, rank ≤ N is exactly "placed N or tied with the
 * Nth". Ordered by rank, then by name within a shared rank, as every list of ranks is.
 */
export function meritRows(rows: readonly MeritRow[], top: number): MeritRow[] {
  return rows.filter((row) => row.rank <= top).sort((a, b) => a.rank - b.rank || names.compare(a.name, b.name));
}

/** One line each: a name with a line break in it must not break the list. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A row with its name and school split into letters once, to be shortened at any length. */
interface SplitRow {
  rank: number;
  marks: number;
  name: string[];
  school: string[];
}

function shortened(letters: readonly string[], longest: number): string {
  return letters.length <= longest ? letters.join('') : `${letters.slice(0, longest - 1).join('')}…`;
}

function rowLine(row: SplitRow, maxMarks: number, longest: number): string {
  const name = shortened(row.name, longest);
  const school = shortened(row.school, longest);
  return `${row.rank}. ${name}${school ? `, ${school}` : ''}: ${row.marks}/${maxMarks}`;
}

/** The header, a blank line, then one line per row. */
function compose(header: string, lines: readonly string[]): string {
  return lines.length > 0 ? `${header}\n\n${lines.join('\n')}` : header;
}

function moreLine(count: number): string {
  return `…and ${counts.format(count)} more`;
}

export function meritListText(input: MeritListInput, maxLength: number = MESSAGE_MAX_LENGTH): MeritList {
  const rows: SplitRow[] = meritRows(input.rows, input.top).map((row) => ({
    rank: row.rank,
    marks: row.marks,
    name: lettersOf(oneLine(row.name)),
    school: lettersOf(oneLine(row.school)),
  }));
  const header = `Merit list: ${oneLine(input.title)}\nTop ${input.top} of ${counts.format(input.sat)} who sat`;
  const longestField = Math.max(SHORTEST_FIELD, ...rows.flatMap((row) => [row.name.length, row.school.length]));
  let lines: string[] = [];
  for (let longest = longestField; longest >= SHORTEST_FIELD; longest -= 1) {
    lines = rows.map((row) => rowLine(row, input.maxMarks, longest));
    const text = compose(header, lines);
    if (text.length <= maxLength) return { text, listed: rows.length, omitted: 0 };
  }
  // Even at the shortest fields the list is too long: keep as many rows as fit beside the count of the rest.
  let length = header.length + 1;
  let listed = 0;
  for (const line of lines) {
    if (length + 1 + line.length + 1 + moreLine(lines.length - listed - 1).length > maxLength) break;
    length += 1 + line.length;
    listed += 1;
  }
  const omitted = lines.length - listed;
  return { text: compose(header, [...lines.slice(0, listed), moreLine(omitted)]), listed, omitted };
}
