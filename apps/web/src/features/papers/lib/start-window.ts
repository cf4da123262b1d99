import type { Paper } from '@academy/contract';

// What the paper's page tells a student before Start (docs/papers.md, 'Start'): the time it
// will really give. The deadline is the earlier of start + limit + their extra time and the close,
// so a student who starts late gets less than the limit: "You will have 38 of 60 minutes".

const MINUTE_MS = 60 * 1000;

export interface StartWindow {
  /** The limit with the student's extra time, in minutes. */
  limitMinutes: number;
  /** Whole minutes a start now would give: the limit, or less when the close comes first. */
  availableMinutes: number;
  /** The close cuts the sitting short. */
  cutByClose: boolean;
}

/** The window a start at `now` (the server's time, ms) would open. */
export function startWindow(paper: Pick<Paper, 'closesAt' | 'timeLimitMinutes' | 'mine'>, now: number): StartWindow {
  const limitMinutes = paper.timeLimitMinutes + (paper.mine?.extraMinutes ?? 0);
  const untilCloseMs = Math.max(0, Date.parse(paper.closesAt) - now);
  if (untilCloseMs >= limitMinutes * MINUTE_MS) return { limitMinutes, availableMinutes: limitMinutes, cutByClose: false };
  return { limitMinutes, availableMinutes: Math.floor(untilCloseMs / MINUTE_MS), cutByClose: true };
}
