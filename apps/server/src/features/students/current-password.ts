import { SERVER_TEXT } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import * as repo from './repo';

// The account's current password, asked again before what only its owner should do with a session
// in hand (a new password, ending the account's other sessions: ASVS 3.3.4). A stolen session must
// not become a way to guess the password itself: wrong answers are counted per account, across
// those calls, and after PASSWORD_FAILURE_LIMIT in the window every answer is 429, the right one too.

export const PASSWORD_FAILURE_LIMIT = 10;
const PASSWORD_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface PasswordCheck {
  /** Spends one unit of the caller's sign-in budget just before the hash is compared (plugins/rate-limits.ts). */
  spendBudget: () => Promise<void>;
  /** Logs a refusal ('wrong-password' or 'too-many-failures') as the calling feature's security event. */
  refused: (reason: 'wrong-password' | 'too-many-failures') => void;
}

/**
 * Resolves when `password` is the account's; otherwise refuses with 400 naming `field` (not 401:
 * the session is still valid), or 429 once the account's wrong answers reached the limit.
 */
export async function confirmCurrentPassword(
  db: Db,
  account: { id: string; password_hash: string },
  password: string,
  field: string,
  check: PasswordCheck,
): Promise<void> {
  const subject = `password:${account.id}`;
  const now = Date.now();
  const since = new Date(now - PASSWORD_FAILURE_WINDOW_MS).toISOString();
  if ((await repo.countRecentFailures(db, subject, since)) >= PASSWORD_FAILURE_LIMIT) {
    check.refused('too-many-failures');
    throw errors.tooManyRequests(SERVER_TEXT.tooManyPasswordFailures);
  }
  await check.spendBudget();
  if (!(await verifyPassword(account.password_hash, password))) {
    await repo.recordFailures(db, [subject], new Date(now).toISOString());
    check.refused('wrong-password');
    throw errors.field(field, SERVER_TEXT.wrongCurrentPassword);
  }
  await repo.clearFailures(db, subject);
}

/** The same check by account id, for another feature's call (ending sessions), the field named `password`. */
export async function confirmOwnPassword(db: Db, accountId: string, password: string, check: PasswordCheck): Promise<void> {
  const account = await repo.findLiveById(db, accountId);
  if (!account) throw errors.notFound(SERVER_TEXT.studentNotFound);
  await confirmCurrentPassword(db, account, password, 'password', check);
}
