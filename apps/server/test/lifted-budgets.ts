/**
 * The request budgets (RATE_LIMIT_*, and PAPER_SAVES_PER_MINUTE per account) and the security
 * alerts' thresholds (SECURITY_ALERT_*) set so high that no
 * client reaches them. Test suites, the browser suite and the benchmarks send far more requests
 * from one address than a person could, so they lift the budgets explicitly; the budget tests set
 * their own small ones instead.
 */
export const LIFTED_BUDGETS: Record<string, string> = {
  RATE_LIMIT_READ: '1000000000',
  RATE_LIMIT_WRITE: '1000000000',
  RATE_LIMIT_SIGN_IN: '1000000000',
  RATE_LIMIT_REGISTER: '1000000000',
  RATE_LIMIT_UPLOAD: '1000000000',
  RATE_LIMIT_SITTING: '1000000000',
  RATE_LIMIT_NOTIFY: '1000000000',
  PAPER_SAVES_PER_MINUTE: '1000000000',
  // The same suites refuse and fail sign-ins on purpose from one address: the security alerts
  // still count them, but never reach a threshold (the alert tests set their own small ones).
  SECURITY_ALERT_RATE_LIMITED: '1000000',
  SECURITY_ALERT_SIGN_IN_FAILURES: '1000000',
  SECURITY_ALERT_LOCKOUTS: '1000000',
  SECURITY_ALERT_ACCESS_REFUSED: '1000000',
  SECURITY_ALERT_PASSWORD_FAILURES: '1000000',
  SECURITY_ALERT_BULK_READS: '1000000',
};
