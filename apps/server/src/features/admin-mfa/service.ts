import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { ADMIN_MFA_TEXT, isAdmin, type AdminMfaState, type Enrolment, type SecondFactorNeeded } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SecurityLog } from '../../lib/security-events';
import type { SessionAccount } from '../../plugins/auth';
import type { AccountNotices } from '../account-notices/account-notices';
import { recordAudit, type AuditActor } from '../audit-log/service';
import * as students from '../students/service';
import { isTotpCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import * as repo from './repo';
import type { SecretBox } from './secret-box';
import { matchingStep, newTotpSecret, otpauthUri, base32Encode } from './totp';

/** How long the code step may follow the password step. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Codes one challenge takes before the password must be given again. */
export const CHALLENGE_MAX_TRIES = 5;
/** Wrong codes per account in the window (all challenges, enrolment and turning off): beyond, 429. */
export const CODE_FAILURE_LIMIT = 10;
const CODE_FAILURE_WINDOW_MS = 15 * 60_000;

export interface AdminMfa {
  db: Db;
  box: SecretBox;
  /** The TOTP clock; tests move their own instead of waiting for the next 30 seconds. */
  clock: () => number;
  /** The name the authenticator app shows beside the code. */
  issuer: string;
  /** Mails the owner when a used code is offered again; null in tools that send no mail. */
  notices: AccountNotices | null;
}

/** How a code was proven, as the session records it. */
export type SecondFactorProof = 'totp' | 'recovery-code';
type CodeCheck = SecondFactorProof | 'wrong' | 'replayed';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const failureSubject = (accountId: string) => `second-factor:${accountId}`;

/**
 * The password step of an admin's sign-in, the password already right: an enrolled admin gets a
 * single-use challenge for the code step (no session yet); one without a factor, 'enrol' (their
 * session is limited to setting one up).
 */
export async function afterPassword(mfa: AdminMfa, account: { id: string; token_version: number }): Promise<SecondFactorNeeded | 'enrol'> {
  const factor = await repo.findFactor(mfa.db, account.id);
  if (!factor?.enrolled_at) return 'enrol';
  const challenge = randomBytes(32).toString('base64url');
  const now = mfa.clock();
  const expiresAt = new Date(now + CHALLENGE_TTL_MS).toISOString();
  await repo.insertChallenge(mfa.db, {
    id_hash: sha256(challenge),
    account_id: account.id,
    token_version: account.token_version,
    created_at: new Date(now).toISOString(),
    expires_at: expiresAt,
  });
  return { code: 200, message: ADMIN_MFA_TEXT.codeNeeded, secondFactor: 'code', challenge, expiresAt };
}

/** Refuses with 429 once the account's wrong codes reached the limit. */
async function refuseIfTooMany(mfa: AdminMfa, accountId: string): Promise<void> {
  const since = new Date(mfa.clock() - CODE_FAILURE_WINDOW_MS).toISOString();
  if ((await students.countRecentFailures(mfa.db, failureSubject(accountId), since)) >= CODE_FAILURE_LIMIT) {
    throw errors.tooManyRequests(ADMIN_MFA_TEXT.tooManyCodes);
  }
}

/** A TOTP code (each step used once) or an unused recovery code of the account's enrolled factor. */
async function checkCode(mfa: AdminMfa, accountId: string, code: string): Promise<CodeCheck> {
  const factor = await repo.findFactor(mfa.db, accountId);
  if (!factor?.enrolled_at) return 'wrong';
  if (isTotpCode(code)) {
    const step = matchingStep(mfa.box.open(factor.secret), code, mfa.clock());
    if (step === null) return 'wrong';
    return (await repo.claimStep(mfa.db, accountId, step)) ? 'totp' : 'replayed';
  }
  return (await repo.useRecoveryCode(mfa.db, accountId, recoveryCodeHash(code), new Date(mfa.clock()).toISOString())) ? 'recovery-code' : 'wrong';
}

/** A wrong or replayed code: counted, logged, in the audit log, and refused with 400 naming `code`. */
async function refuseCode(mfa: AdminMfa, actor: AuditActor, reason: 'wrong' | 'replayed', where: string, security: SecurityLog, sessionId?: string): Promise<never> {
  await students.recordFailures(mfa.db, [failureSubject(actor.id)], new Date(mfa.clock()).toISOString());
  security({ security: 'second-factor', outcome: 'failure', reason: reason === 'replayed' ? 'replayed-code' : 'wrong-code', accountId: actor.id, where, ...(sessionId ? { sessionId } : {}) });
  await recordAudit(mfa.db, actor, {
    action: 'admin-mfa.code-refused',
    target: { type: 'admin', id: actor.id, label: where },
    summary: reason === 'replayed' ? `Refused a two-step code used before (${where})` : `Refused a wrong two-step code (${where})`,
    detail: { reason, where },
  });
  if (reason === 'replayed' && mfa.notices) {
    const owner = await students.findLiveById(mfa.db, actor.id);
    if (owner) mfa.notices.codeReplayed({ email: owner.email, name: owner.name });
  }
  throw errors.field('code', ADMIN_MFA_TEXT.wrongCode);
}

export interface CodeStepContext {
  ip: string;
  security: SecurityLog;
  openSession: (account: { id: string; tokenVersion: number; accountType: string; secondFactor: SecondFactorProof }) => Promise<{ token: string; sessionId: string }>;
}

/** The code step: a live challenge and a right code open the session. */
export async function codeStep(mfa: AdminMfa, body: { challenge: string; code: string }, context: CodeStepContext) {
  const now = new Date(mfa.clock()).toISOString();
  const challengeHash = sha256(body.challenge);
  const challenge = await repo.takeTry(mfa.db, challengeHash, now, CHALLENGE_MAX_TRIES);
  const account = challenge ? await students.findLiveById(mfa.db, challenge.account_id) : undefined;
  // A password change, suspension or demotion since the password step ends the challenge too.
  if (!challenge || !account || !isAdmin(account.account_type) || account.account_state !== 'active' || account.token_version !== challenge.token_version) {
    context.security({ security: 'second-factor', outcome: 'failure', reason: 'challenge-ended', where: 'sign-in', ...(challenge ? { accountId: challenge.account_id } : {}) });
    throw errors.unauthorized(ADMIN_MFA_TEXT.challengeEnded);
  }
  await refuseIfTooMany(mfa, account.id);
  const actor = { id: account.id, ip: context.ip };
  const proof = await checkCode(mfa, account.id, body.code);
  if (proof === 'wrong' || proof === 'replayed') return refuseCode(mfa, actor, proof, 'sign-in', context.security);
  if (!(await repo.useChallenge(mfa.db, challengeHash, now))) throw errors.unauthorized(ADMIN_MFA_TEXT.challengeEnded);
  await students.clearFailures(mfa.db, failureSubject(account.id));
  const session = await context.openSession({ id: account.id, tokenVersion: account.token_version, accountType: account.account_type, secondFactor: proof });
  context.security({ security: 'second-factor', outcome: 'success', proof, accountId: account.id, sessionId: session.sessionId, where: 'sign-in' });
  if (proof === 'recovery-code') {
    const left = await repo.countRecoveryCodesLeft(mfa.db, account.id);
    await recordAudit(mfa.db, actor, {
      action: 'admin-mfa.recovery-code',
      target: { type: 'admin', id: account.id, label: account.name },
      summary: `Signed in with a recovery code (${left} left)`,
      detail: { left },
    });
  }
  return { account, token: session.token };
}

export async function state(mfa: AdminMfa, caller: SessionAccount): Promise<AdminMfaState> {
  const factor = await repo.findFactor(mfa.db, caller.id);
  const enrolledAt = factor?.enrolled_at ?? null;
  return {
    enrolled: enrolledAt !== null,
    enrolledAt,
    recoveryCodesLeft: enrolledAt ? await repo.countRecoveryCodesLeft(mfa.db, caller.id) : 0,
    sessionVerified: !caller.needsSecondFactor,
  };
}

/** Starts enrolment: a new secret (160 random bits), answered this once as QR code and text. */
export async function startEnrolment(mfa: AdminMfa, caller: SessionAccount): Promise<Enrolment> {
  const account = await students.findLiveById(mfa.db, caller.id);
  if (!account) throw errors.notFound();
  const secret = newTotpSecret();
  if (!(await repo.putPendingFactor(mfa.db, caller.id, mfa.box.seal(secret), new Date(mfa.clock()).toISOString()))) {
    throw errors.conflict('code', ADMIN_MFA_TEXT.alreadyEnrolled);
  }
  const uri = otpauthUri(secret, mfa.issuer, account.email);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: base32Encode(secret), otpauthUri: uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Completes enrolment with a right code from the app: the factor is on, this session counts as
 * verified, and ten recovery codes are answered this once (only their hashes are kept).
 */
export async function confirmEnrolment(mfa: AdminMfa, caller: SessionAccount, code: string, actor: AuditActor, security: SecurityLog): Promise<string[]> {
  const factor = await repo.findFactor(mfa.db, caller.id);
  if (factor?.enrolled_at) throw errors.conflict('code', ADMIN_MFA_TEXT.alreadyEnrolled);
  if (!factor) throw errors.field('code', ADMIN_MFA_TEXT.noEnrolment);
  await refuseIfTooMany(mfa, caller.id);
  const step = matchingStep(mfa.box.open(factor.secret), code, mfa.clock());
  if (step === null) return refuseCode(mfa, actor, 'wrong', 'enrolment', security, caller.sessionId);
  const codes = newRecoveryCodes();
  const now = new Date(mfa.clock()).toISOString();
  await mfa.db.transaction().execute(async (tx) => {
    await repo.claimStep(tx, caller.id, step);
    await repo.markEnrolled(tx, caller.id, now);
    await repo.replaceRecoveryCodes(tx, caller.id, codes.map(recoveryCodeHash));
    await repo.verifySession(tx, caller.sessionId, 'totp');
    await recordAudit(tx, actor, {
      action: 'admin-mfa.enrol',
      target: { type: 'admin', id: caller.id, label: 'Two-step sign-in' },
      summary: 'Turned on two-step sign-in',
      detail: { recoveryCodes: codes.length },
    });
  });
  await students.clearFailures(mfa.db, failureSubject(caller.id));
  security({ security: 'second-factor', outcome: 'success', proof: 'totp', accountId: caller.id, sessionId: caller.sessionId, where: 'enrolment' });
  return codes;
}

/**
 * Turns the caller's own factor off, with their password (checked by the route) and a current
 * code: every session of the account is limited to enrolment again, this one included.
 */
export async function turnOff(mfa: AdminMfa, caller: SessionAccount, code: string, actor: AuditActor, security: SecurityLog): Promise<void> {
  const factor = await repo.findFactor(mfa.db, caller.id);
  if (!factor?.enrolled_at) throw errors.field('code', ADMIN_MFA_TEXT.noEnrolment);
  await refuseIfTooMany(mfa, caller.id);
  const proof = await checkCode(mfa, caller.id, code);
  if (proof === 'wrong' || proof === 'replayed') return refuseCode(mfa, actor, proof, 'turn-off', security, caller.sessionId);
  await mfa.db.transaction().execute(async (tx) => {
    await repo.removeFactor(tx, caller.id);
    await repo.unverifySessions(tx, caller.id);
    await recordAudit(tx, actor, {
      action: 'admin-mfa.turn-off',
      target: { type: 'admin', id: caller.id, label: 'Two-step sign-in' },
      summary: 'Turned off two-step sign-in',
      detail: { proof },
    });
  });
}

/**
 * Another admin removes an admin's lost factor (their own password checked by the route): every
 * session of that admin ends, and they enrol again at their next sign-in.
 */
export async function resetFor(mfa: AdminMfa, actor: AuditActor, targetId: string): Promise<void> {
  const target = await students.findLiveById(mfa.db, targetId);
  if (!target || !isAdmin(target.account_type)) throw errors.notFound(ADMIN_MFA_TEXT.notAnAdmin);
  if (target.id === actor.id) throw errors.badRequest(ADMIN_MFA_TEXT.turnOffHint);
  if (!(await repo.findFactor(mfa.db, target.id))) throw errors.notFound(ADMIN_MFA_TEXT.notEnrolled);
  await mfa.db.transaction().execute(async (tx) => {
    await removeAndEnd(tx, target.id, new Date(mfa.clock()).toISOString());
    await recordAudit(tx, actor, {
      action: 'admin-mfa.reset',
      target: { type: 'admin', id: target.id, label: target.name, keywords: [target.email] },
      summary: `Removed ${target.name}'s two-step sign-in`,
      detail: { email: target.email },
    });
  });
}

async function removeAndEnd(db: repo.Executor, accountId: string, now: string): Promise<void> {
  await repo.removeFactor(db, accountId);
  await repo.endAllSessions(db, accountId, now, 'second-factor-reset');
}

/**
 * `npm run create-admin -- --reset-second-factor`: the way back for the last admin who lost their
 * phone and codes. Recorded in the audit log as the admin's own, from the server's command line.
 */
export async function resetFromCommandLine(db: Db, email: string): Promise<boolean> {
  const account = await students.findLiveByEmail(db, email);
  if (!account || !isAdmin(account.account_type)) return false;
  await db.transaction().execute(async (tx) => {
    await removeAndEnd(tx, account.id, new Date().toISOString());
    await recordAudit(tx, { id: account.id, ip: 'command line' }, {
      action: 'admin-mfa.reset',
      target: { type: 'admin', id: account.id, label: account.name, keywords: [account.email] },
      summary: `Removed ${account.name}'s two-step sign-in with npm run create-admin`,
      detail: { email: account.email, by: 'create-admin' },
    });
  });
  return true;
}
