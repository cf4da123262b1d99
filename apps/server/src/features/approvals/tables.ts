// The approvals' table (migration 021).

export interface ApprovalRequestsTable {
  id: string;
  /** One of APPROVAL_ACTIONS (@academy/contract). */
  action: string;
  target_id: string;
  target_label: string;
  requested_by: string;
  requested_at: string;
  expires_at: string;
  sole_admin_after: string;
  /** 'pending' | 'approved' | 'declined' | 'cancelled'; an expired one stays 'pending' past expires_at. */
  state: string;
  decided_by: string | null;
  decided_at: string | null;
}

export interface ApprovalsTables {
  approval_requests: ApprovalRequestsTable;
}
