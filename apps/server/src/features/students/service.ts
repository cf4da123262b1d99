import {
  isAdmin,
  SERVER_TEXT,
  type SecondFactorNeeded,
  type SignInStepAnswer,
  type LoginAnswer,
  type LoginBody,
  type RegisterInput,
  type Student,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/passwords';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { SecurityLog, SignInFailure } from '../../lib/security-events';
import type { AccountNotices } from '../account-notices/account-notices';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { recordConsent, requireConsent } from '../privacy/service';
import { describeDevice } from '../sessions/device';
import type { RefusalReason } from '../sign-in-guard/rules';
import type { SignInGuard } from '../sign-in-guard/service';
import { accountTarget } from './audit';
import { formatRegNo, regNoPrefix } from './reg-no';
import * as repo from './repo';
import type { AccountRow } from './repo';

export function toStudent(row: AccountRow): Student {
  return {
    _id: row.id,
    studentId: row.id,
    name: row.name,
    email: row.email,
    accountType: row.account_type,
    accountState: row.account_state === 'active' ? 'active' : 'de-active',
    batch: row.batch,
    classType: row.class_type,
    historyType: row.history_type,
    indianHistory: row.history_type === 'Indian',
    europeHistory: row.history_type === 'Europe',
    whatsAppNo: row.whatsapp_no,
    additionalNo: row.additional_no,
    district: row.district,
    scl: row.scl,
    address: row.address,
    studentIdImg: row.student_id_img,
    regNo: row.reg_no ?? '',
    profileImg: row.profile_img,
    createdAt: row.created_at,
  };
}

function emailTaken(): AppError {
  return errors.conflict('email', SERVER_TEXT.emailTaken);
}

/**
 * Registration (spec section 3), by the student or by an admin on Add Student: `addedBy` is the
 * admin, whose entry in the audit log is written in the same transaction as the account.
 */
export async function registerStudent(db: Db, input: RegisterInput, addedBy: AuditActor | null = null): Promise<Student> {
  // A student registering themselves must accept the privacy notice (ASVS 8.3.3); an admin's Add Student need not.
  if (!addedBy) requireConsent(input.consent);
  if (await repo.findLiveByEmail(db, input.email)) throw emailTaken();
  await refuseCommonPassword(input.password, 'password');
  // Hashing is the slow part; it runs before the transaction so the write lock is held briefly.
  const passwordHash = await hashPassword(input.password);
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  try {
    await db.transaction().execute(async (tx) => {
      const prefix = regNoPrefix(input.batch, input.classType);
      const regNo = formatRegNo(prefix, await repo.nextRegNoSequence(tx, prefix), input.historyType);
      const account = {
        id,
        email: input.email,
        email_key: input.email.toLowerCase(),
        password_hash: passwordHash,
        name: input.name,
        account_type: 'student',
        account_state: 'active',
        batch: input.batch,
        class_type: input.classType,
        history_type: input.historyType,
        whatsapp_no: input.whatsAppNo,
        additional_no: input.additionalNo,
        district: input.district,
        scl: input.scl,
        address: input.address,
        student_id_img: input.studentIdImg,
        reg_no: regNo,
        profile_img: '',
        created_at: now,
        updated_at: now,
      };
      await repo.insertAccount(tx, account);
      if (input.consent === true) await recordConsent(tx, id, now);
      if (addedBy) {
        await recordAudit(tx, addedBy, {
          action: 'student.add',
          target: accountTarget(account),
          summary: `Added ${input.name}`,
          detail: { email: input.email, regNo, batch: input.batch, classType: input.classType, historyType: input.historyType },
        });
      }
    });
  } catch (error) {
    // Two registrations of one e-mail at the same moment: the unique index picks the winner.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const created = await repo.findLiveById(db, id);
  if (!created) throw new Error('registered account vanished');
  return toStudent(created);
}

export interface SignInContext {
  clientIp: string;
  /** The browser's User-Agent, named in a new sign-in's notice. */
  userAgent: string | undefined;
  /** Mails the owner when a browser that is not a known device signs in (account-notices/). */
  notices: AccountNotices;
  /** The browser's known-device cookie, as sent. */
  deviceCookie: string | undefined;
  guard: SignInGuard;
  /**
   * Spends one unit of the address's sign-in budget, or refuses with 429 (plugins/rate-limits.ts).
   * Called once the guard has taken the try, just before the password is checked: a try the guard
   * refuses costs the address nothing, so an attacker cannot spend the budget of a hall behind it.
   */
  spendBudget: () => Promise<void>;
  /** Opens the session for a successful sign-in and answers its token and id (auth plugin). */
  openSession: (account: { id: string; tokenVersion: number; accountType: string }) => Promise<{ token: string; sessionId: string }>;
  /** Where each decision is logged, success or refusal (lib/security-events.ts). */
  security: SecurityLog;
  /** An admin's second step once the password is right (features/admin-mfa): a code to ask, or 'enrol' (no factor yet). */
  adminSecondFactor: (account: AccountRow) => Promise<SecondFactorNeeded | 'enrol'>;
}

/** Signs in, within the sign-in guard's rules; answers the session and the browser's new device cookie. */
export async function signIn(db: Db, body: LoginBody, context: SignInContext): Promise<{ answer: SignInStepAnswer; deviceCookie: string }> {
  const account = await repo.findLiveByEmail(db, body.email);
  // The account by its id only; a try for an e-mail with no account names nothing.
  const accountId = account ? { accountId: account.id } : {};
  const refused = (reason: SignInFailure, fields: { rule?: RefusalReason; knownDevice?: boolean } = {}) =>
    context.security({ security: 'sign-in', outcome: 'failure', reason, ...accountId, ...fields });
  const attempt = await context.guard.begin({
    email: body.email,
    accountId: account?.id ?? null,
    address: context.clientIp,
    deviceCookie: context.deviceCookie,
    onRefused: (rule) => refused('locked', { rule }),
  });
  const { knownDevice } = attempt;
  try {
    await context.spendBudget();
  } catch (error) {
    await attempt.withdrawn();
    refused('rate-limited', { knownDevice });
    throw error;
  }
  const passwordOk = account ? await verifyPassword(account.password_hash, body.password) : await verifyDecoy(body.password);
  if (!account || !passwordOk) {
    await attempt.failed();
    refused(account ? 'wrong-password' : 'unknown-account', { knownDevice });
    throw errors.unauthorized(SERVER_TEXT.invalidCredentials);
  }
  const deviceCookie = await attempt.succeeded();
  // Only someone who knows the password learns that the account is suspended.
  if (account.account_state !== 'active') {
    refused('suspended', { knownDevice });
    throw errors.forbidden(SERVER_TEXT.accountSuspended, { accountState: 'de-active' });
  }
  // A temporary password past its days is dead (ASVS 2.3.1): the academy issues a new one, or the
  // student sets their own by Forgot Password.
  const temporaryUntil = account.temporary_password_expires_at;
  if (temporaryUntil !== null && temporaryUntil <= new Date().toISOString()) {
    refused('temporary-password-expired', { knownDevice });
    throw errors.unauthorized(SERVER_TEXT.temporaryPasswordExpired);
  }
  if (!knownDevice) context.notices.newSignIn({ email: account.email, name: account.name }, { device: describeDevice(context.userAgent), ip: context.clientIp });
  // An admin with a second factor gets no session yet, only the code step's challenge (ASVS 4.3.1).
  const secondStep = isAdmin(account.account_type) ? await context.adminSecondFactor(account) : null;
  if (secondStep !== null && secondStep !== 'enrol') return { answer: secondStep, deviceCookie };
  const session = await context.openSession({ id: account.id, tokenVersion: account.token_version, accountType: account.account_type });
  context.security({ security: 'sign-in', outcome: 'success', accountId: account.id, sessionId: session.sessionId, knownDevice });
  const answer: SignInStepAnswer = {
    ...loginAnswerOf(account, session.token),
    ...(temporaryUntil !== null ? { mustChangePassword: true as const } : {}),
    ...(secondStep === 'enrol' ? { secondFactor: 'enrol' as const } : {}),
  };
  return { answer, deviceCookie };
}

// What the admins' second factor (features/admin-mfa) reads of accounts, and the wrong-answer
// counts it keeps beside the current password's.
export { clearFailures, countRecentFailures, findLiveByEmail, findLiveById, recordFailures } from './repo';

/** The session fields of spec section 7 for a signed-in account. */
export function loginAnswerOf(account: AccountRow, token: string): LoginAnswer {
  return {
    code: 200,
    message: SERVER_TEXT.loginOk,
    accountState: 'active',
    token,
    accountType: account.account_type,
    studentId: account.id,
    email: account.email,
    name: account.name,
    classType: account.class_type,
    historyType: account.history_type,
    batch: account.batch,
  };
}

export async function getStudent(db: Db, caller: { id: string; isAdmin: boolean }, id: string): Promise<Student> {
  if (!caller.isAdmin && caller.id !== id) throw errors.forbidden(SERVER_TEXT.notYourAccount);
  const row = await repo.findLiveById(db, id);
  if (!row) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return toStudent(row);
}

export type EnsureAdminResult = 'created' | 'updated' | 'unchanged';

/**
 * Makes sure an admin account exists for this e-mail. At start-up an existing admin is left as it
 * is; the CLI (`resetPassword`) also sets the password and ends the account's other sessions.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string; name?: string },
  options: { resetPassword: boolean },
): Promise<EnsureAdminResult> {
  const existing = await repo.findLiveByEmail(db, admin.email);
  if (existing && existing.account_type === 'admin' && !options.resetPassword) return 'unchanged';
  const passwordHash = await hashPassword(admin.password);
  const now = new Date().toISOString();
  if (existing) {
    await repo.makeAdmin(db, existing.id, passwordHash, now);
    return 'updated';
  }
  try {
    await repo.insertAccount(db, {
      id: crypto.randomUUID(),
      email: admin.email,
      email_key: admin.email.toLowerCase(),
      password_hash: passwordHash,
      name: admin.name ?? 'Administrator',
      account_type: 'admin',
      account_state: 'active',
      batch: '',
      class_type: '',
      history_type: '',
      whatsapp_no: '',
      additional_no: '',
      district: '',
      scl: '',
      address: '',
      student_id_img: '',
      reg_no: null,
      profile_img: '',
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    // Another instance created it at the same start-up.
    if (isUniqueViolation(error)) return 'unchanged';
    throw error;
  }
  return 'created';
}

/**
 * An account's name and regNo as the records know them, a deleted one included: a leak trace names
 * whoever streamed the copy, even if they have been deleted since.
 */
export async function accountOnRecord(db: Db, id: string): Promise<{ name: string; regNo: string | null } | null> {
  const row = await repo.findAnyById(db, id);
  return row ? { name: row.name, regNo: row.reg_no } : null;
}
