// What class material asks of fees (class-material/fee-hooks.ts): the month gate under every
// listing, ticket, byte, lesson request and paper (fees.md 'The access rule'), the `fee` of month
// folders in listings, and tags that follow their folders' renames and deletes. No answer is
// cached: a payment on one instance opens the month on every instance at the next request.
import { FOLDER_MIME_TYPE, isAdmin, monthNotPaidMessage, type DriveItem, type DriveItemFee, type FeeLocked } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { DeletedItem } from '../class-material/paper-hooks';
import type { ClassRow, FeeHooks, Reader } from '../class-material/fee-hooks';
import type { Located } from '../class-material/tree';
import type { FeesContext } from './context';
import { openedMonths, openingsByMonth } from './openings';
import * as repo from './repo';
import { cardForMonth, decide, dueStart, graceEnd, isPlanMonth, monthAmountCents, previousFeeMonth, type PlanRules } from './rules';

type GateDeps = Pick<FeesContext, 'db' | 'material' | 'clock'>;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * The fee month an item belongs to: the tag of the innermost tagged folder on its path (the item
 * itself included when it is a folder), when that month is one of the plan's; else null.
 */
async function monthOf(db: GateDeps['db'], classId: string, pathIds: readonly string[]): Promise<{ month: string; plan: PlanRules } | null> {
  if (pathIds.length === 0) return null;
  const rows = await repo.tagsWithPlan(db, classId, pathIds);
  const innermost = rows.reduce<(typeof rows)[number] | null>((best, row) => (!best || pathIds.indexOf(row.folder_id) > pathIds.indexOf(best.folder_id) ? row : best), null);
  if (!innermost) return null;
  const plan = repo.planRules(innermost);
  return isPlanMonth(plan, innermost.month) ? { month: innermost.month, plan } : null;
}

/** What a refused student needs to pay the month: its amount for them (half under a half card), due day and grace end. */
async function lockedAnswer(ctx: GateDeps, reader: Reader, classRow: ClassRow, month: string, plan: PlanRules): Promise<FeeLocked> {
  const cards = (await repo.cardsOf(ctx.db, classRow.id, reader.id)).map(repo.cardRules);
  return {
    classFolderId: classRow.folder_id,
    className: classRow.name,
    month,
    amountCents: monthAmountCents(plan, cardForMonth(cards, plan, month)),
    dueOn: iso(dueStart(plan, month)),
    graceEndsOn: iso(graceEnd(plan, month)),
  };
}

/** The 403 of a locked month; JSON routes carry `feeLocked`, ticketed ones drop it with their schema. */
export function monthLocked(feeLocked: FeeLocked): AppError {
  return errors.forbidden(monthNotPaidMessage(feeLocked.month), { feeLocked });
}

/** Throws the 403 when the located item lies in a fee month the student may not open now. */
export async function gate(ctx: GateDeps, reader: Reader, located: Located): Promise<void> {
  const pathIds = located.item.mimeType === FOLDER_MIME_TYPE ? [...located.folderIds, located.item.id] : located.folderIds;
  const tagged = await monthOf(ctx.db, located.classRow.id, pathIds);
  if (!tagged) return;
  const { month, plan } = tagged;
  const previous = previousFeeMonth(plan, month);
  const opened = await openedMonths(ctx.db, located.classRow.id, reader.id, previous ? [month, previous] : [month]);
  const state = decide({ month: opened.has(month), previous: previous !== null && opened.has(previous) }, month, plan, ctx.clock());
  if (state === 'locked') throw monthLocked(await lockedAnswer(ctx, reader, located.classRow, month, plan));
}

/**
 * The listed items with `fee` on the tagged month folders among them: the month alone to an
 * admin; to a student also its state, their amount, due day, grace end and what is pending.
 */
export async function describe(ctx: GateDeps, items: DriveItem[], reader: Reader, folder: Located): Promise<DriveItem[]> {
  const folderIds = items.filter((item) => item.mimeType === FOLDER_MIME_TYPE).map((item) => item.id);
  if (folderIds.length === 0) return items;
  const classId = folder.classRow.id;
  const tags = await repo.tagsWithPlan(ctx.db, classId, folderIds);
  if (tags.length === 0) return items;
  const monthByFolder = new Map(tags.map((tag) => [tag.folder_id, tag.month]));
  const plan = repo.planRules(tags[0] as (typeof tags)[number]);
  if (isAdmin(reader.account_type)) {
    return items.map((item) => {
      const month = monthByFolder.get(item.id);
      return month ? { ...item, fee: { month } } : item;
    });
  }
  const [openings, pending, cardRows] = await Promise.all([
    openingsByMonth(ctx.db, classId, reader.id),
    repo.pendingMonths(ctx.db, classId, reader.id),
    repo.cardsOf(ctx.db, classId, reader.id),
  ]);
  const cards = cardRows.map(repo.cardRules);
  const now = ctx.clock();
  return items.map((item) => {
    const month = monthByFolder.get(item.id);
    if (!month || !isPlanMonth(plan, month)) return item;
    const previous = previousFeeMonth(plan, month);
    const state = decide({ month: openings.has(month), previous: previous !== null && openings.has(previous) }, month, plan, now);
    const waiting = pending.get(month);
    const fee: DriveItemFee = {
      month,
      state,
      amountCents: monthAmountCents(plan, cardForMonth(cards, plan, month)),
      dueOn: iso(dueStart(plan, month)),
      graceEndsOn: iso(graceEnd(plan, month)),
      ...(waiting ? { pending: waiting } : {}),
    };
    return { ...item, fee };
  });
}

/** After a rename in a class: each of its tags whose folder's id changed with it (the folder, or one above it) gets the new id. */
export async function followRename(ctx: GateDeps, classId: string, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) return;
  for (const { folder_id: folderId } of await repo.tagsOfClass(ctx.db, classId)) {
    const moved = ctx.material.store.movedId(folderId, fromId, toId);
    if (moved !== folderId) await repo.moveTag(ctx.db, folderId, moved);
  }
}

/** After a delete: the class's tags whose folder the store no longer has go. (A class folder's delete takes them with its class row.) */
export async function forgetDeleted(ctx: GateDeps, item: DeletedItem): Promise<void> {
  if (item.isClassFolder) return;
  const gone: string[] = [];
  for (const tag of await repo.tagsOfClass(ctx.db, item.classId)) {
    if (!(await ctx.material.store.stat(tag.folder_id))) gone.push(tag.folder_id);
  }
  await repo.removeTags(ctx.db, gone);
}

export function feeHooks(ctx: GateDeps): FeeHooks {
  return {
    gate: (reader, located) => gate(ctx, reader, located),
    describe: (items, reader, folder) => describe(ctx, items, reader, folder),
    renamed: (classId, fromId, toId) => followRename(ctx, classId, fromId, toId),
    deleted: (item) => forgetDeleted(ctx, item),
  };
}
