/**
 * The request budgets (RATE_LIMIT_*, and PAPER_SAVES_PER_MINUTE per account) set so high that no
 * client reaches them. Test suites, the browser suite and the benchmarks send far more requests
 * from one address than a person could, so they lift the budgets explicitly; the budget tests set
 * their own small ones instead.
 */
export const LIFTED_BUDGETS: Record<string, string> = {
  RATE_LIMIT_READ: '1000000000',
  RATE_LIMIT_WRITE: '1000000000',
  RATE_LIMIT_SIGN_IN: '1000000000',
  RATE_LIMIT_UPLOAD: '1000000000',
  RATE_LIMIT_SITTING: '1000000000',
  RATE_LIMIT_NOTIFY: '1000000000',
  PAPER_SAVES_PER_MINUTE: '1000000000',
};
