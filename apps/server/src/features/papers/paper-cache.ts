// A paper's questions, options, key and marks, kept per instance: a hall of students saving at once
// would otherwise read the same 150 questions for every request. Every load still reads the paper's
// row (one primary-key read) and reloads the rest only when the row's version moved, so an edit or
// a regrade made on another instance is seen at the next request. Whoever changes a question, an
// option, a key or marks moves `updated_at` in the same transaction (`nextUpdatedAt`).
import type { Db } from '../../db/database';
import { groupBy } from '../../lib/group-by';
import type { PapersContext } from './context';
import { maxMarksOf } from './marking';
import { paperNotFound } from './paper-access';
import * as repo from './paper-repo';
import type { OptionRow, PaperRow, QuestionRow } from './paper-repo';
import { iso } from './rows';

export interface CachedOption {
  id: string;
  /** In the paper's own order, from 0. */
  position: number;
  text: string;
  isKey: boolean;
}

export interface CachedQuestion {
  id: string;
  /** The paper's own order, from 0. */
  position: number;
  text: string;
  /** The picture's hash, or null. */
  imageId: string | null;
  marks: number;
  explanation: string;
  /** A regrade dropped it: it counts for no one and leaves maxMarks. */
  dropped: boolean;
  options: readonly CachedOption[];
  /** The key's index among `options`. */
  correct: number;
  keyOptionId: string;
}

export interface PaperContent {
  /** In the paper's own order. */
  questions: readonly CachedQuestion[];
  questionById: ReadonlyMap<string, CachedQuestion>;
  /** Which question an option belongs to. */
  questionOfOption: ReadonlyMap<string, string>;
  /** The marks of the questions not dropped. */
  maxMarks: number;
}

export interface LoadedPaper extends PaperContent {
  /** As the database has it now. */
  row: PaperRow;
}

/** What a cached content was read at: a regrade bumps `key_version` and moves `updated_at`. */
function versionOf(row: Pick<PaperRow, 'updated_at' | 'key_version'>): string {
  return `${row.updated_at}|${row.key_version}`;
}

/**
 * The `updated_at` of a change made now: later than the one it replaces even when the clock has
 * not moved on (or moved back), so two changes never share a version.
 */
export function nextUpdatedAt(previous: string, now: number): string {
  return iso(Math.max(now, Date.parse(previous) + 1));
}

/** Questions and options read as rows, in the shape the sitting and the tutor's calls use. */
export function contentOf(questions: readonly QuestionRow[], options: readonly OptionRow[]): PaperContent {
  const optionsByQuestion = groupBy(options, (option) => option.question_id);
  const questionOfOption = new Map<string, string>();
  const cached = [...questions]
    .sort((a, b) => a.position - b.position)
    .map((question): CachedQuestion => {
      const own = (optionsByQuestion.get(question.id) ?? []).sort((a, b) => a.position - b.position);
      for (const option of own) questionOfOption.set(option.id, question.id);
      const correct = own.findIndex((option) => option.is_key === 1);
      return {
        id: question.id,
        position: question.position,
        text: question.text,
        imageId: question.image_id,
        marks: question.marks,
        explanation: question.explanation,
        dropped: question.dropped === 1,
        options: own.map((option) => ({ id: option.id, position: option.position, text: option.text, isKey: option.is_key === 1 })),
        correct,
        keyOptionId: own[correct]?.id ?? '',
      };
    });
  return {
    questions: cached,
    questionById: new Map(cached.map((question) => [question.id, question])),
    questionOfOption,
    maxMarks: maxMarksOf(cached),
  };
}

interface Entry {
  version: string;
  content: Promise<PaperContent>;
}

/** Papers kept at most; the one used longest ago goes first. */
const DEFAULT_CAPACITY = 200;

export class PaperCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The paper as it is now, or null when there is no such paper. */
  async load(db: Db, paperId: string): Promise<LoadedPaper | null> {
    const row = await repo.findPaper(db, paperId);
    if (!row) {
      this.entries.delete(paperId);
      return null;
    }
    return { row, ...(await this.contentFor(db, row)) };
  }

  /**
   * The questions of a paper whose row the caller has read (and perhaps locked). Inside a
   * transaction nothing is kept: it may see a change that is rolled back.
   */
  async contentFor(db: Db, row: PaperRow): Promise<PaperContent> {
    const version = versionOf(row);
    const known = this.entries.get(row.id);
    // A transaction may use what was kept for the version its row shows (every change moves the
    // version in the same transaction), but keeps nothing it reads itself.
    if (db.isTransaction) return known?.version === version ? known.content : readContent(db, row.id);
    if (known?.version === version) {
      // Used now: to the back of the line.
      this.entries.delete(row.id);
      this.entries.set(row.id, known);
      return known.content;
    }
    // One read for every request that finds the same new version at once (a hall starting together).
    const content = readContent(db, row.id);
    const entry = { version, content };
    this.entries.delete(row.id);
    this.entries.set(row.id, entry);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    content.catch(() => {
      if (this.entries.get(row.id) === entry) this.entries.delete(row.id);
    });
    return content;
  }
}

async function readContent(db: Db, paperId: string): Promise<PaperContent> {
  const [questions, options] = await Promise.all([repo.questionsOf(db, paperId), repo.optionsOf(db, paperId)]);
  return contentOf(questions, options);
}

/** The paper with its questions from this instance's cache; 404 "Paper not found" when there is no such paper. */
export async function loadPaper(ctx: Pick<PapersContext, 'db' | 'cache'>, paperId: string): Promise<LoadedPaper> {
  const loaded = await ctx.cache.load(ctx.db, paperId);
  if (!loaded) throw paperNotFound();
  return loaded;
}
