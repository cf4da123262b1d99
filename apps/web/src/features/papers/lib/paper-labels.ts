import type { DrivePaper, PaperState } from '@academy/contract';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { currentLanguage } from '../../../i18n/setup';
import { fillWords, PAPER_LABEL_WORDS } from './paper-label-words';
import { sriLankaDayNumber } from './sri-lanka-time';

// The one line of state a paper's card shows in its class folder (docs/papers.md, 'How it is
// listed in the class folder'): worked out from the server's time (the caller passes its estimate
// of it), in the reader's language, with every time in Sri Lanka time whatever the device's zone.
// The card redraws it every 30 s, so the state is worked out again from the times, not only taken
// from the listing, which was the state when it was fetched.

/** A drive item's `paper`, as much as the line needs: `mine` for a student, `counts` for an admin. */
export type ListedPaper = Pick<DrivePaper, 'state' | 'opensAt' | 'closesAt' | 'mine' | 'counts'>;

const MINUTE_MS = 60 * 1000;
/** A weekday names one day only within the week ahead; further, the date does. */
const WEEKDAY_DAYS = 6;

function words() {
  return PAPER_LABEL_WORDS[currentLanguage()];
}

/** The state now: the listing's, moved on by the clock across the opening and the close. */
export function paperStateAt(paper: ListedPaper, now: number): PaperState {
  if (paper.state !== 'scheduled' && paper.state !== 'open') return paper.state;
  if (now < Date.parse(paper.opensAt)) return 'scheduled';
  return now < Date.parse(paper.closesAt) ? 'open' : 'closed';
}

/** "42 min left", "1 h 12 min left" over an hour, "Less than a minute left" in the last minute. */
export function timeLeftWords(leftMs: number): string {
  const w = words();
  if (leftMs < MINUTE_MS) return w.lessThanAMinuteLeft;
  const totalMinutes = Math.floor(leftMs / MINUTE_MS);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return fillWords(w.minutesLeft, { minutes });
  return minutes === 0 ? fillWords(w.hoursLeft, { hours }) : fillWords(w.hoursMinutesLeft, { hours, minutes });
}

/** A time of day in Sri Lanka: "8:00 PM" (as the reader's locale writes it). */
export function sriLankaTimeOfDay(instant: string | number): string {
  return formatDateTime(new Date(instant), { hour: 'numeric', minute: '2-digit' });
}

/**
 * "Opens today 8:00 PM", "Opens Sat 8:00 PM" within the week, "Opens Dec 14, 8:00 PM" later: the
 * day and time as the reader's locale joins them (i18n/format.ts), in Sri Lanka time.
 */
export function opensWords(opensAt: string, now: number): string {
  const w = words();
  const days = sriLankaDayNumber(opensAt) - sriLankaDayNumber(now);
  const when =
    days <= 0
      ? `${w.today} ${sriLankaTimeOfDay(opensAt)}`
      : formatDateTime(opensAt, { ...(days <= WEEKDAY_DAYS ? { weekday: 'short' } : { day: 'numeric', month: 'short' }), hour: 'numeric', minute: '2-digit' });
  return fillWords(w.opens, { when });
}

function openWords(until: string, now: number): string {
  return fillWords(words().open, { left: timeLeftWords(Date.parse(until) - now) });
}

/** The line a student reads on a paper's card. */
export function studentPaperLine(paper: ListedPaper, now: number): string {
  const w = words();
  const state = paperStateAt(paper, now);
  const mine = paper.mine?.state ?? 'not-started';
  const sat = mine === 'sitting' || mine === 'handed-in';
  if (state === 'scheduled') return opensWords(paper.opensAt, now);
  // No review for those who did not sit, so the paper can be set again.
  if (state === 'released') return sat ? w.resultsOut : w.closed;
  if (mine === 'handed-in') return w.handedIn;
  if (mine === 'sitting') {
    const deadline = paper.mine?.deadline ?? paper.closesAt;
    // At the deadline the sitting screen hands in by itself, and the server does after the grace.
    return Date.parse(deadline) > now ? openWords(deadline, now) : w.handedIn;
  }
  return state === 'open' ? openWords(paper.closesAt, now) : w.closed;
}

/** The line an admin reads on a paper's card. */
export function adminPaperLine(paper: ListedPaper, now: number): string {
  const w = words();
  const counts = paper.counts;
  switch (paperStateAt(paper, now)) {
    case 'scheduled':
      return opensWords(paper.opensAt, now);
    case 'open': {
      const parts = [openWords(paper.closesAt, now)];
      if (counts) parts.push(fillWords(w.sitting, { count: formatNumber(counts.sitting) }), fillWords(w.handedInCount, { count: formatNumber(counts.handedIn) }));
      return parts.join(' · ');
    }
    case 'closed':
      return counts && counts.sitting > 0 ? fillWords(w.stillInTime, { count: formatNumber(counts.sitting) }) : w.resultsNotReleased;
    case 'results-ready':
      return w.resultsNotReleased;
    case 'released':
      return w.resultsOut;
  }
}
