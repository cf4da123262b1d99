// Publishing the merit list (papers.md 'Admin actions'): after release, an announcement to the
// paper's batch (every batch when it has none), class type Paper, both regions, with the top N by
// island rank as rank, name, school and marks, everyone tied with the Nth included. Each press
// posts a new announcement, which the tutor can edit like any message; the paper keeps the last.
import { PAPERS_TEXT, REGIONS } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { sendMessage } from '../messages/service';
import { actionTarget } from './audit';
import type { PapersContext } from './context';
import { meritListText } from './merit-list';
import { loadPaper } from './paper-cache';
import { updatePaper } from './paper-repo';
import { resultAttempts } from './results-repo';
import { iso } from './rows';

export async function publishMeritList(ctx: PapersContext, actor: AuditActor, paperId: string, top?: number): Promise<{ messageId: string; text: string }> {
  const loaded = await loadPaper(ctx, paperId);
  const { row: paper } = loaded;
  if (paper.released_at === null) throw new AppError(409, PAPERS_TEXT.meritListBeforeRelease);
  const size = top ?? paper.merit_top;
  const attempts = await resultAttempts(ctx.db, paperId);
  const sat = attempts.filter((attempt) => attempt.handed_in_at !== null);
  const list = meritListText({
    title: paper.title,
    maxMarks: loaded.maxMarks,
    sat: sat.length,
    top: size,
    rows: sat.flatMap((attempt) =>
      attempt.island_rank === null ? [] : [{ rank: attempt.island_rank, name: attempt.name, school: attempt.school, marks: attempt.marks ?? 0 }],
    ),
  });
  // The message is its own change, audited as a message by the messages feature; the paper then records that it was posted.
  const message = await sendMessage(ctx.messages, actor, { message: list.text, link: '', batch: paper.batch, region: [...REGIONS], classType: ['Paper'] });
  const now = iso(ctx.clock());
  await ctx.db.transaction().execute(async (tx) => {
    await updatePaper(tx, paperId, { merit_posted_at: now, merit_message_id: message._id });
    await recordAudit(tx, actor, {
      action: 'paper.merit-list',
      target: await actionTarget(tx, paper),
      summary: `Published the merit list of ${paper.title}: top ${size}`,
      detail: { top: size, listed: list.listed, omitted: list.omitted, messageId: message._id, batch: paper.batch, previouslyPostedAt: paper.merit_posted_at },
    });
  });
  return { messageId: message._id, text: list.text };
}
