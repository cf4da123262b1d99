// The security alerts' tables (migration 021).

export interface SecurityAlertsTable {
  id: string;
  /** One of SECURITY_ALERT_KINDS (rules.ts). */
  kind: string;
  /** `account:<id>` or `address:<ip>`: who or where, nothing more. */
  subject: string;
  count: number;
  threshold: number;
  window_ms: number;
  raised_at: string;
}

export interface SecurityAlertClaimsTable {
  kind: string;
  last_raised_at: string;
}

export interface SecurityAlertsTables {
  security_alerts: SecurityAlertsTable;
  security_alert_claims: SecurityAlertClaimsTable;
}
