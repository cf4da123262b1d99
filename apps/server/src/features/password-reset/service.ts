import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_LENGTH,
  OTP_MAX_PER_HOUR,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  otpWrongMessage,
  PASSWORD_RESET_TEXT,
  RESET_TOKEN_TTL_MINUTES,
  type Branding,
  type ConfirmOtpBody,
  type OtpFailureReason,
  type ResetPasswordBody,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { SecurityLog } from '../../lib/security-events';
import type { Mailer } from '../../mail/mailer';
import type { AccountNotices } from '../account-notices/account-notices';
import * as repo from './repo';
import { clearAccountFailures, forgetKnownDevices } from '../sign-in-guard/service';
import { resetCodeMail } from './reset-code-mail';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Calls to these routes one client may make in the window, whatever the addresses: it caps how
 * many addresses one client can flood with mail. A whole reset takes three; 150 lets 50 students
 * behind one address (a hall's Wi-Fi, a carrier's NAT) reset within the window, while
 * each address still gets OTP_MAX_PER_HOUR codes and each code OTP_MAX_WRONG_TRIES tries.
 */
export const CLIENT_REQUEST_LIMIT = 150;
export const CLIENT_WINDOW_MS = 15 * MINUTE_MS;

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  /** Tells the owner by mail once the password has been reset. */
  notices: AccountNotices;
  /** The server secret; codes and reset tokens are stored only as HMACs under a key made from it. */
  secret: string;
  branding: Branding;
}

/** A key of its own for this purpose, so the JWT secret is never used raw for something else. */
function hmac(secret: string, purpose: 'otp' | 'reset-token', value: string): string {
  const key = createHmac('sha256', secret).update(`password-reset:${purpose}`).digest();
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Bound to its row: the same 5 digits hash differently in every code. */
const codeHash = (secret: string, id: string, code: string) => hmac(secret, 'otp', `${id}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function otpRefused(reason: OtpFailureReason, message: string): AppError {
  return new AppError(400, message, [{ field: 'otp', message }], { reason });
}

function resetExpired(): AppError {
  return errors.field('resetToken', PASSWORD_RESET_TEXT.resetExpired);
}

/** Who calls: its address, its sign-in budget for the route (plugins/rate-limits.ts), its security log. */
export interface ResetClient {
  address: string;
  spendBudget: () => Promise<void>;
  /** Where each step's outcome is logged (lib/security-events.ts). */
  security: SecurityLog;
}

/**
 * Counts the call against the client and refuses past the limit. Kept in the database, so the
 * limit holds across several server instances.
 */
export async function limitClient(db: Db, client: string, now: number): Promise<void> {
  await repo.recordClientRequest(db, client, new Date(now).toISOString());
  const recent = await repo.countClientRequests(db, client, new Date(now - CLIENT_WINDOW_MS).toISOString());
  if (recent > CLIENT_REQUEST_LIMIT) throw errors.tooManyRequests();
}

/**
 * Spends the client's request budget and its limit here, just before a step's work (a code stored
 * and mailed, a code compared, a password hashed). A call refused before that (an address out of
 * codes for the hour, a spent code, a dead reset token) costs nothing: the client is often a hall's
 * or a carrier's one address, and an attacker hammering one victim's address must not use up the
 * resets of everyone behind it.
 */
async function spendOn(deps: PasswordResetDeps, client: ResetClient, now: number): Promise<void> {
  await client.spendBudget();
  await limitClient(deps.db, client.address, now);
}

/**
 * Step 1. Every request that passes the limits leaves the same trace (a code row, no answer
 * difference); only an address with an account gets the mail, sent off the request path so the
 * answer takes as long either way. Past OTP_MAX_PER_HOUR codes nothing is stored or sent.
 */
export async function sendOtp(deps: PasswordResetDeps, email: string, client: ResetClient): Promise<void> {
  const now = Date.now();
  const emailKey = email.toLowerCase();
  const sentLastHour = await repo.countCodesSince(deps.db, emailKey, new Date(now - HOUR_MS).toISOString());
  if (sentLastHour >= OTP_MAX_PER_HOUR) {
    client.security({ security: 'password-reset.send-code', outcome: 'failure', reason: 'hourly-limit' });
    return;
  }
  await spendOn(deps, client, now);

  const found = await repo.findLiveAccount(deps.db, emailKey);
  // A mailbox is not enough to recover an admin account (ASVS 2.5.6): its code row stays unbound,
  // so no code of it ever confirms, and the admin is told how to recover on the server instead.
  const admin = found?.account_type === 'admin' ? found : undefined;
  const account = admin ? undefined : found;
  const id = crypto.randomUUID();
  const code = randomInt(0, 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, '0');
  const expiresAt = new Date(now + OTP_TTL_MINUTES * MINUTE_MS);
  await repo.insertCode(deps.db, {
    id,
    email_key: emailKey,
    account_id: account?.id ?? null,
    code_hash: codeHash(deps.secret, id, code),
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  if (account) {
    deps.mailer.dispatch(
      resetCodeMail({ to: account.email, name: account.name, code, ttlMinutes: OTP_TTL_MINUTES, expiresAt, branding: deps.branding }),
    );
    client.security({ security: 'password-reset.send-code', outcome: 'success', accountId: account.id });
  } else if (admin) {
    deps.notices.adminResetRefused({ email: admin.email, name: admin.name });
    client.security({ security: 'password-reset.send-code', outcome: 'failure', reason: 'admin-account', accountId: admin.id });
  } else {
    client.security({ security: 'password-reset.send-code', outcome: 'failure', reason: 'unknown-account' });
  }
  await repo.prune(deps.db, new Date(now - 24 * HOUR_MS).toISOString(), new Date(now - CLIENT_WINDOW_MS).toISOString());
}

/**
 * Step 2. Checks the newest code of the address and trades it for a reset token. The try is
 * taken before the comparison; after OTP_MAX_WRONG_TRIES the code is dead, right digits or not.
 */
export async function confirmOtp(deps: PasswordResetDeps, body: ConfirmOtpBody, client: ResetClient): Promise<string> {
  const now = Date.now();
  const row = await repo.findLatestCode(deps.db, body.email.toLowerCase());
  /** The refusal, logged with the account the code was for (none for an address without one). */
  const refuse = (reason: OtpFailureReason, message: string): AppError => {
    client.security({ security: 'password-reset.confirm-code', outcome: 'failure', reason, ...(row?.account_id ? { accountId: row.account_id } : {}) });
    return otpRefused(reason, message);
  };
  if (!row) throw refuse('wrong', PASSWORD_RESET_TEXT.otpWrong);
  if (row.used_at) throw refuse('used', PASSWORD_RESET_TEXT.otpUsed);
  if (row.expires_at <= new Date(now).toISOString()) throw refuse('expired', PASSWORD_RESET_TEXT.otpExpired);
  if (row.tries >= OTP_MAX_WRONG_TRIES) throw refuse('locked', PASSWORD_RESET_TEXT.otpLocked);
  await spendOn(deps, client, now);

  const tries = await repo.takeTry(deps.db, row.id);
  if (tries === undefined) {
    // Used by a request that raced this one, or out of tries.
    const current = await repo.findLatestCode(deps.db, row.email_key);
    if (current?.id === row.id && current.used_at) throw refuse('used', PASSWORD_RESET_TEXT.otpUsed);
    throw refuse('locked', PASSWORD_RESET_TEXT.otpLocked);
  }
  // A code asked for an address with no account has no account to reset: always wrong.
  const right = sameHash(codeHash(deps.secret, row.id, body.otp), row.code_hash) && row.account_id !== null;
  if (!right) throw refuse('wrong', otpWrongMessage(OTP_MAX_WRONG_TRIES - tries));

  const account = await repo.findLiveAccount(deps.db, row.email_key);
  if (!account || account.id !== row.account_id) throw refuse('wrong', otpWrongMessage(OTP_MAX_WRONG_TRIES - tries));
  const resetToken = randomBytes(32).toString('base64url');
  const claimed = await repo.claimCode(deps.db, row.id, {
    now: new Date(now).toISOString(),
    resetTokenHash: hmac(deps.secret, 'reset-token', resetToken),
    resetExpiresAt: new Date(now + RESET_TOKEN_TTL_MINUTES * MINUTE_MS).toISOString(),
    tokenVersion: account.token_version,
  });
  if (!claimed) throw refuse('used', PASSWORD_RESET_TEXT.otpUsed);
  client.security({ security: 'password-reset.confirm-code', outcome: 'success', accountId: account.id });
  return resetToken;
}

/**
 * Step 3. One transaction: the token is spent, the password set, every old session ended (token
 * version), the account's sign-in failures and known devices and any other open code cleared.
 */
export async function resetPassword(deps: PasswordResetDeps, body: ResetPasswordBody, client: ResetClient): Promise<void> {
  const row = await repo.findByResetToken(deps.db, hmac(deps.secret, 'reset-token', body.resetToken));
  const now = new Date().toISOString();
  /** The refusal, logged with the account the token was for, if any. */
  const expired = (): AppError => {
    client.security({ security: 'password-reset.set-password', outcome: 'failure', reason: 'expired', ...(row?.account_id ? { accountId: row.account_id } : {}) });
    return resetExpired();
  };
  if (!row?.account_id || row.token_version === null || row.reset_used_at || !row.reset_expires_at || row.reset_expires_at <= now) {
    throw expired();
  }
  const { account_id: accountId, token_version: tokenVersion } = row;
  await spendOn(deps, client, Date.now());
  await refuseCommonPassword(body.password, 'password');
  // Hashing is the slow part; it runs before the transaction so the write lock is held briefly.
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.claimResetToken(tx, row.id, now))) throw expired();
    if (!(await repo.setPassword(tx, accountId, { passwordHash, tokenVersion, now }))) throw expired();
    // The owner proved the mailbox: failures against the account are forgotten, and so is every
    // browser that knew the old password.
    await clearAccountFailures(tx, row.email_key);
    await forgetKnownDevices(tx, accountId);
    await repo.closeOpenCodes(tx, row.email_key, now);
  });
  client.security({ security: 'password-reset.set-password', outcome: 'success', accountId });
  const account = await repo.findLiveAccount(deps.db, row.email_key);
  if (account) deps.notices.passwordChanged(account, 'reset');
}
