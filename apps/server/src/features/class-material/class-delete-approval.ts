import type { ApprovalRequest } from '@academy/contract';
import type { AuditActor } from '../audit-log/service';
import type { Approvals } from '../approvals/service';
import * as manage from './manage-service';
import { locate, readerOf, type ClassMaterialContext } from './tree';

// Deleting a class waits for a second admin (features/approvals, ASVS 4.3.3); the folders and
// files inside a class are deleted at once, as before. The approval carries out
// manage-service.ts deleteItem on the class folder.

/** Deletes a file or folder now, or answers the pending request when the item is a class folder. */
export async function deleteOrAskApproval(ctx: ClassMaterialContext, approvals: Approvals, actor: AuditActor, itemId: string): Promise<ApprovalRequest | null> {
  const found = await locate(ctx, await readerOf(ctx.db, actor.id), itemId);
  if (!found.isClassFolder) {
    await manage.deleteItem(ctx, actor, itemId);
    return null;
  }
  // A class holding a paper students have sat is kept (409): said now, not after a second admin's approval.
  await ctx.papers?.beforeDelete({ id: found.item.id, classId: found.classRow.id, isClassFolder: true });
  return approvals.request(actor, { action: 'class.delete', targetId: found.item.id, label: found.classRow.name });
}
