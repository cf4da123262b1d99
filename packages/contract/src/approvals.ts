import { z } from 'zod';
import { dataAnswer } from './api';
import { currentPasswordSchema } from './students';

// Second-admin approval of high-value deletions (docs/security.md 'Two admins for a deletion',
// ASVS 4.3.3): deleting a student or a class makes a request that another admin approves (then
// the deletion runs) or declines. The requester cannot approve their own, except as the academy's
// only active admin once the cooling-off has passed; a request not decided in time expires.

export const APPROVAL_ACTIONS = ['student.delete', 'class.delete'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** Where a request stands; `expired` is a pending one whose time ran out. */
export const APPROVAL_STATES = ['pending', 'approved', 'declined', 'cancelled', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVALS_PATHS = {
  list: 'approvals',
  approve: 'approvals/:approvalId/approve',
  decline: 'approvals/:approvalId/decline',
} as const;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const approvalRequestSchema = z.object({
  id: z.string(),
  action: z.enum(APPROVAL_ACTIONS),
  /** The student or class, named as it was when the request was made. */
  target: z.object({ id: z.string(), label: z.string() }),
  requestedBy: personSchema,
  requestedAt: z.string(),
  expiresAt: z.string(),
  /** When the requester may carry it out alone, if they are then the academy's only active admin. */
  soleAdminAfter: z.string(),
  state: z.enum(APPROVAL_STATES),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalParamsSchema = z.object({ approvalId: z.string().trim().min(1).max(64, { error: 'is not a valid id' }) });
/** Approving runs a deletion: the approver's password is asked again, as for the deletion itself. */
export const approveBodySchema = z.object({ password: currentPasswordSchema });
export type ApproveBody = z.infer<typeof approveBodySchema>;

export const approvalAnswerSchema = dataAnswer(approvalRequestSchema);
export const approvalsAnswerSchema = dataAnswer(z.array(approvalRequestSchema));

/** A deletion's answer when it waits for a second admin: 202, with the request. */
export const approvalPendingAnswerSchema = z.object({ code: z.literal(202), message: z.string(), data: approvalRequestSchema });
export type ApprovalPendingAnswer = z.infer<typeof approvalPendingAnswerSchema>;

export const APPROVALS_TEXT = {
  pending: 'Waiting for a second admin to approve the deletion',
  listed: 'Deletions waiting for approval',
  approved: 'Approved: the deletion was carried out',
  declined: 'The deletion was declined',
  cancelled: 'You withdrew your request',
  notFound: 'No such approval request',
  ownRequest: 'Another admin must approve your own request',
  soleAdminTooSoon: 'You are the only active admin: you can carry this out yourself after the waiting time',
  expired: 'This request has expired; delete again to make a new one',
  decided: 'This request was already decided',
} as const;
