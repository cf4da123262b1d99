import { APPROVALS_TEXT, type ApprovalAction, type ApprovalRequest, type ApprovalState, type AuditTargetType, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { Notifier } from '../../notify/notifier';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { MAX_EXPLICIT_RECIPIENTS } from '../notifications/notifier';
import * as repo from './repo';

// Second-admin approval of high-value deletions (docs/security.md 'Two admins for a deletion',
// ASVS 4.3.3). A deletion route asks `request` instead of deleting; another admin's `approve` runs
// the deletion the feature registered (`carryOut`), `decline` ends the request. The requester
// cannot approve their own request, with one exception: when they are the academy's only active
// admin there is nobody to ask, so they may carry it out themselves once the cooling-off has
// passed, having been told by mail (a stolen session alone cannot delete at once, and the owner of
// the account hears of it). A request not decided within the TTL expires.

export const APPROVAL_REQUESTED_NOTIFICATION = 'approval.requested' satisfies NotificationKind;
/** The admins' screen of pending deletions, which the notification opens. */
const APPROVALS_SCREEN = '/security';

/** Carries out an approved deletion as `actor` (the approving admin), writing its own audit entry. */
export type ApprovedAction = (actor: AuditActor, targetId: string) => Promise<void>;

export interface NewRequest {
  action: ApprovalAction;
  targetId: string;
  /** What a person calls it: the student's or the class's name. */
  label: string;
  /** More words the audit log search finds the request by (an e-mail, a regNo). */
  keywords?: (string | null | undefined)[];
}

export interface Approvals {
  /** At start: how an approved action is carried out. */
  carryOut(action: ApprovalAction, run: ApprovedAction): void;
  /** The pending request for this deletion: a new one, or the one already open for the same target. */
  request(actor: AuditActor, wanted: NewRequest): Promise<ApprovalRequest>;
  listOpen(): Promise<ApprovalRequest[]>;
  approve(actor: AuditActor, id: string): Promise<ApprovalRequest>;
  decline(actor: AuditActor, id: string): Promise<ApprovalRequest>;
}

export interface ApprovalsDeps {
  db: Db;
  notifier: Notifier | null;
  ttlMs: number;
  coolingOffMs: number;
  clock: () => number;
}

const TARGET_TYPES: Record<ApprovalAction, AuditTargetType> = { 'student.delete': 'student', 'class.delete': 'class' };
const ACTION_WORDS: Record<ApprovalAction, string> = { 'student.delete': 'student', 'class.delete': 'class' };

export function createApprovals(deps: ApprovalsDeps): Approvals {
  const { db } = deps;
  const runners = new Map<ApprovalAction, ApprovedAction>();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function views(rows: readonly repo.RequestRow[]): Promise<ApprovalRequest[]> {
    const names = await repo.namesOf(db, rows.flatMap((row) => [row.requested_by, row.decided_by]));
    const nowIso = iso(deps.clock());
    return rows.map((row) => ({
      id: row.id,
      action: row.action as ApprovalAction,
      target: { id: row.target_id, label: row.target_label },
      requestedBy: { id: row.requested_by, name: names.get(row.requested_by) ?? '' },
      requestedAt: row.requested_at,
      expiresAt: row.expires_at,
      soleAdminAfter: row.sole_admin_after,
      state: (row.state === 'pending' && row.expires_at <= nowIso ? 'expired' : row.state) as ApprovalState,
      decidedBy: row.decided_by ? { id: row.decided_by, name: names.get(row.decided_by) ?? '' } : null,
      decidedAt: row.decided_at,
    }));
  }

  async function view(row: repo.RequestRow): Promise<ApprovalRequest> {
    const [one] = await views([row]);
    if (!one) throw new Error(`approval request ${row.id} could not be shown`);
    return one;
  }

  function auditTarget(row: Pick<repo.RequestRow, 'action' | 'target_id' | 'target_label'>, keywords: NewRequest['keywords'] = []) {
    return { type: TARGET_TYPES[row.action as ApprovalAction], id: row.target_id, label: row.target_label, keywords };
  }

  /** A pending request the caller may decide: found, not decided, not expired. */
  async function pendingRow(id: string, now: number): Promise<repo.RequestRow> {
    const row = await repo.findRequest(db, id);
    if (!row) throw errors.notFound(APPROVALS_TEXT.notFound);
    if (row.state !== 'pending') throw errors.conflict('approvalId', APPROVALS_TEXT.decided);
    if (row.expires_at <= iso(now)) throw errors.conflict('approvalId', APPROVALS_TEXT.expired);
    return row;
  }

  return {
    carryOut(action, run) {
      runners.set(action, run);
    },

    async request(actor, wanted) {
      const now = deps.clock();
      const open = await repo.findOpenRequest(db, wanted.action, wanted.targetId, iso(now));
      if (open) return view(open);
      const row: repo.RequestRow = {
        id: crypto.randomUUID(),
        action: wanted.action,
        target_id: wanted.targetId,
        target_label: wanted.label,
        requested_by: actor.id,
        requested_at: iso(now),
        expires_at: iso(now + deps.ttlMs),
        sole_admin_after: iso(now + deps.coolingOffMs),
        state: 'pending',
        decided_by: null,
        decided_at: null,
      };
      await db.transaction().execute(async (tx) => {
        await repo.insertRequest(tx, row);
        await recordAudit(tx, actor, {
          action: 'approval.request',
          target: auditTarget(row, wanted.keywords),
          summary: `Asked a second admin to approve deleting the ${ACTION_WORDS[wanted.action]} ${wanted.label}`,
          detail: { approvalId: row.id, deletion: wanted.action, expiresAt: row.expires_at },
        });
        // The other admins are asked; the only admin is told, so a deletion made in their name is seen.
        const others = await repo.otherActiveAdmins(tx, actor.id);
        const to = others.length > 0 ? others : [actor.id];
        const names = await repo.namesOf(tx, [actor.id]);
        await deps.notifier?.raise(tx, {
          kind: APPROVAL_REQUESTED_NOTIFICATION,
          subjectKey: `approval:${row.id}`,
          params: { requester: names.get(actor.id) ?? '', target: wanted.label },
          link: APPROVALS_SCREEN,
          to: { accounts: to.slice(0, MAX_EXPLICIT_RECIPIENTS) },
        });
      });
      return view(row);
    },

    async listOpen() {
      return views(await repo.listOpenRequests(db, iso(deps.clock())));
    },

    async approve(actor, id) {
      const now = deps.clock();
      const row = await pendingRow(id, now);
      if (row.requested_by === actor.id) {
        if ((await repo.otherActiveAdmins(db, actor.id)).length > 0) throw errors.forbidden(APPROVALS_TEXT.ownRequest);
        if (iso(now) < row.sole_admin_after) throw errors.conflict('approvalId', APPROVALS_TEXT.soleAdminTooSoon);
      }
      const run = runners.get(row.action as ApprovalAction);
      if (!run) throw new Error(`no deletion is registered for ${row.action}`);
      const decided = { state: 'approved', decided_by: actor.id, decided_at: iso(now) };
      if (!(await repo.decide(db, id, decided))) throw errors.conflict('approvalId', APPROVALS_TEXT.decided);
      try {
        await run(actor, row.target_id);
      } catch (error) {
        // The student was restored meanwhile, say, or the class now holds a sat paper: still pending.
        await repo.reopen(db, id);
        throw error;
      }
      await recordAudit(db, actor, {
        action: 'approval.approve',
        target: auditTarget(row),
        summary: `Approved deleting the ${ACTION_WORDS[row.action as ApprovalAction]} ${row.target_label}`,
        detail: { approvalId: id, deletion: row.action, requestedBy: row.requested_by, alone: row.requested_by === actor.id },
      });
      await deps.notifier?.withdraw(db, APPROVAL_REQUESTED_NOTIFICATION, `approval:${id}`);
      return view({ ...row, ...decided });
    },

    async decline(actor, id) {
      const now = deps.clock();
      const row = await pendingRow(id, now);
      // The requester's own decline withdraws the request.
      const decided = { state: row.requested_by === actor.id ? 'cancelled' : 'declined', decided_by: actor.id, decided_at: iso(now) };
      await db.transaction().execute(async (tx) => {
        if (!(await repo.decide(tx, id, decided))) throw errors.conflict('approvalId', APPROVALS_TEXT.decided);
        await recordAudit(tx, actor, {
          action: 'approval.decline',
          target: auditTarget(row),
          summary: `${decided.state === 'cancelled' ? 'Withdrew the request to delete' : 'Declined deleting'} the ${ACTION_WORDS[row.action as ApprovalAction]} ${row.target_label}`,
          detail: { approvalId: id, deletion: row.action, requestedBy: row.requested_by },
        });
        await deps.notifier?.withdraw(tx, APPROVAL_REQUESTED_NOTIFICATION, `approval:${id}`);
      });
      return view({ ...row, ...decided });
    },
  };
}
