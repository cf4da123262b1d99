import { PRIVACY_NOTICE_VERSION, PRIVACY_TEXT, SERVER_TEXT, type ErasureState, type PrivacyExport } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import * as repo from './repo';

// A student's own data (ASVS 8.3.2, 8.3.3): the consent given at registration, the export of
// everything kept about them, and their erasure request. The erasure itself is the sweep's
// (retention.ts), once the grace period has passed.

const DAY_MS = 86_400_000;

/** Who asks: the signed-in caller. */
export interface PrivacyCaller {
  id: string;
  isAdmin: boolean;
}

/** Records the consent to the current notice, in the registration's own transaction. */
export async function recordConsent(tx: Db, accountId: string, at: string): Promise<void> {
  await repo.insertConsent(tx, accountId, PRIVACY_NOTICE_VERSION, at);
}

/** Refuses a registration that did not accept the notice: 400 naming `consent`. */
export function requireConsent(consent: boolean | undefined): void {
  if (consent !== true) throw errors.field('consent', `consent ${PRIVACY_TEXT.consentRequired}`);
}

async function liveAccount(db: Db, accountId: string) {
  const account = await repo.findLiveAccount(db, accountId);
  if (!account) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return account;
}

/** Everything kept about the caller, by what it is; nothing of any other account. */
export async function exportMine(db: Db, caller: PrivacyCaller, now = Date.now()): Promise<PrivacyExport> {
  const account = await liveAccount(db, caller.id);
  const [consent, request, grants, watching, attempts, payments, slips, preferences, pushDevices, sessions] = await Promise.all([
    repo.findConsent(db, caller.id),
    repo.findErasureRequest(db, caller.id),
    repo.grantsOf(db, account),
    repo.watchHistoryOf(db, caller.id),
    repo.attemptsOf(db, caller.id),
    repo.paymentsOf(db, caller.id),
    repo.slipsOf(db, caller.id),
    repo.preferencesOf(db, caller.id),
    repo.pushDevicesOf(db, caller.id),
    repo.sessionsOf(db, caller.id),
  ]);
  return {
    exportedAt: new Date(now).toISOString(),
    profile: {
      name: account.name,
      email: account.email,
      regNo: account.reg_no ?? '',
      accountType: account.account_type,
      accountState: account.account_state,
      batch: account.batch,
      classType: account.class_type,
      historyType: account.history_type,
      whatsAppNo: account.whatsapp_no,
      additionalNo: account.additional_no,
      district: account.district,
      school: account.scl,
      address: account.address,
      idNo: account.student_id_img,
      profileImage: account.profile_img,
      registeredAt: account.created_at,
      updatedAt: account.updated_at,
    },
    consent: consent ? { noticeVersion: consent.notice_version, consentedAt: consent.consented_at } : null,
    erasureRequest: request && request.erased_at === null ? { requestedAt: request.requested_at, eraseAfter: request.erase_after } : null,
    classGrants: grants,
    watchHistory: watching,
    paperAttempts: attempts,
    feePayments: payments,
    feeSlips: slips.map((slip) => ({ ...slip, months: JSON.parse(slip.months) as unknown })),
    notificationPreferences: preferences
      ? { overrides: JSON.parse(preferences.overrides_json) as unknown, language: preferences.language, updatedAt: preferences.updated_at }
      : null,
    pushDevices,
    sessions,
  };
}

export async function erasureState(db: Db, caller: PrivacyCaller, graceDays: number): Promise<ErasureState> {
  const request = await repo.findErasureRequest(db, caller.id);
  const pending = request && request.erased_at === null ? request : null;
  return { requestedAt: pending?.requested_at ?? null, eraseAfter: pending?.erase_after ?? null, graceDays };
}

/** An admin's account is not erased from the portal (`npm run create-admin` and the database manage admins). */
export function adminRefusal() {
  return errors.forbidden(PRIVACY_TEXT.adminNotErased);
}

/** Asks for erasure after `graceDays`; the password was checked by the route. 409 when already asked. */
export async function requestErasure(db: Db, caller: PrivacyCaller, graceDays: number, now = Date.now()): Promise<ErasureState> {
  if (caller.isAdmin) throw adminRefusal();
  await liveAccount(db, caller.id);
  const requestedAt = new Date(now).toISOString();
  const eraseAfter = new Date(now + graceDays * DAY_MS).toISOString();
  if (!(await repo.insertErasureRequest(db, caller.id, requestedAt, eraseAfter))) throw errors.conflict('erasure', PRIVACY_TEXT.erasureAlreadyRequested);
  return { requestedAt, eraseAfter, graceDays };
}

/** Cancels the caller's pending request: 404 when there is none. */
export async function cancelErasure(db: Db, caller: PrivacyCaller, graceDays: number): Promise<ErasureState> {
  if (!(await repo.deletePendingErasureRequest(db, caller.id))) throw errors.notFound(PRIVACY_TEXT.noErasureRequest);
  return { requestedAt: null, eraseAfter: null, graceDays };
}
