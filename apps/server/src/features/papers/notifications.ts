// A paper's two notifications (docs/notifications.md 'The kinds'). `paper.opening` goes out
// an hour before the paper opens (at once when that is past), to whoever may open the paper's class
// when it goes out; it follows the opening when an edit moves it and ends at the close.
// `results.released` goes to the students who handed the paper in, opening their result screen.
import { sriLankaTimeOfDay, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import type { NotificationEvent, Notifier } from '../../notify/notifier';
import type { PapersContext } from './context';
import { classStudents } from './paper-access';
import { findPaper, type PaperRow } from './paper-repo';
import { sitterIdsAfter } from './results-repo';
import { iso } from './rows';

export const PAPER_OPENING_NOTIFICATION = 'paper.opening' satisfies NotificationKind;
export const RESULTS_RELEASED_NOTIFICATION = 'results.released' satisfies NotificationKind;

const HOUR_MS = 3_600_000;

type NotifyDeps = Pick<PapersContext, 'notifier'>;
type OpeningPaper = Pick<PaperRow, 'id' | 'title' | 'opens_at' | 'closes_at'>;

export function paperSubject(paperId: string): string {
  return `paper:${paperId}`;
}

export function openingNotification(paper: OpeningPaper, className: string): NotificationEvent {
  return {
    kind: PAPER_OPENING_NOTIFICATION,
    subjectKey: paperSubject(paper.id),
    params: { title: paper.title, className, time: sriLankaTimeOfDay(paper.opens_at) },
    link: `/papers/${paper.id}`,
    to: { audience: paper.id },
    // An instant already past sends it at once: a paper set less than an hour before it opens.
    notBefore: iso(Date.parse(paper.opens_at) - HOUR_MS),
    expiresAt: paper.closes_at,
    replace: true,
  };
}

export function releasedNotification(paper: Pick<PaperRow, 'id' | 'title'>): NotificationEvent {
  return {
    kind: RESULTS_RELEASED_NOTIFICATION,
    subjectKey: paperSubject(paper.id),
    // No `withScript`: papers have no written part until answer scripts are built.
    params: { title: paper.title },
    link: `/papers/${paper.id}/result`,
    to: { audience: paper.id },
  };
}

/** In the transaction that sets or edits the paper: announces an opening still ahead, or takes back one that no longer is. */
export async function followOpening(ctx: NotifyDeps, tx: Db, paper: OpeningPaper, className: string, now: number): Promise<void> {
  if (!ctx.notifier) return;
  if (Date.parse(paper.opens_at) > now) await ctx.notifier.raise(tx, openingNotification(paper, className));
  else await ctx.notifier.withdraw(tx, PAPER_OPENING_NOTIFICATION, paperSubject(paper.id));
}

/** In the transaction of an edit: a moved opening is followed; new words reach an opening still ahead. */
export async function followOpeningEdit(ctx: NotifyDeps, tx: Db, before: OpeningPaper, after: OpeningPaper, className: string, now: number): Promise<void> {
  if (after.opens_at !== before.opens_at) await followOpening(ctx, tx, after, className, now);
  else if (Date.parse(after.opens_at) > now && (after.title !== before.title || after.closes_at !== before.closes_at)) {
    await followOpening(ctx, tx, after, className, now);
  }
}

/** In the transaction that deletes the paper. */
export async function withdrawOpening(ctx: NotifyDeps, tx: Db, paperId: string): Promise<void> {
  await ctx.notifier?.withdraw(tx, PAPER_OPENING_NOTIFICATION, paperSubject(paperId));
}

/** In the transaction that releases the results. */
export async function announceRelease(ctx: NotifyDeps, tx: Db, paper: Pick<PaperRow, 'id' | 'title'>): Promise<void> {
  await ctx.notifier?.raise(tx, releasedNotification(paper));
}

/** A page of the students who may open the paper's class now, in id order after `after`; none for a paper gone. */
export async function openingAudienceIds(ctx: Pick<PapersContext, 'db' | 'material'>, paperId: string, after: string | null, limit: number): Promise<string[]> {
  const paper = await findPaper(ctx.db, paperId);
  if (!paper) return [];
  return (await classStudents(ctx, paper.class_id))
    .map((student) => student.studentId)
    .filter((id) => after === null || id > after)
    .sort()
    .slice(0, limit);
}

/** At start: how the centre finds each paper kind's recipients when it fans one out. */
export function registerPaperAudiences(notifier: Notifier, ctx: Pick<PapersContext, 'db' | 'material'>): void {
  notifier.audience(PAPER_OPENING_NOTIFICATION, (paperId, after, limit) => openingAudienceIds(ctx, paperId, after, limit));
  notifier.audience(RESULTS_RELEASED_NOTIFICATION, (paperId, after, limit) => sitterIdsAfter(ctx.db, paperId, after, limit));
}
