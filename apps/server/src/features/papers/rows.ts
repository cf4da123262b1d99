// How the papers' rows read as the time rules' values (instants as milliseconds, who handed in, the
// review level), and an instant written back as the rows' ISO text.
import { REVIEW_LEVELS, type ReviewLevel } from '@academy/contract';
import type { AttemptRow, PaperRow } from './paper-repo';
import type { AttemptClock, HandedInBy, PaperClock } from './rules';

/** An instant as the rows and the answers write it. */
export const iso = (ms: number): string => new Date(ms).toISOString();

export function paperClock(row: Pick<PaperRow, 'opens_at' | 'closes_at' | 'results_ready_at' | 'released_at'>): PaperClock {
  return {
    opensAt: Date.parse(row.opens_at),
    closesAt: Date.parse(row.closes_at),
    resultsReady: row.results_ready_at !== null,
    released: row.released_at !== null,
  };
}

/** `handed_in_by` as the rules name it; null while the attempt is open. */
export function handedInByOf(value: string | null): HandedInBy | null {
  return value === 'student' || value === 'time' ? value : null;
}

export function attemptClock(row: Pick<AttemptRow, 'deadline_at' | 'handed_in_by'>): AttemptClock {
  return { deadline: Date.parse(row.deadline_at), handedInBy: handedInByOf(row.handed_in_by) };
}

/** The paper's review level; a value the contract does not know reads as the fullest review, its default. */
export function reviewLevelOf(value: string): ReviewLevel {
  return (REVIEW_LEVELS as readonly string[]).includes(value) ? (value as ReviewLevel) : 'explanations';
}
