import {
  ADMIN_ONLY_FIELDS,
  SERVER_TEXT,
  type FieldError,
  type Student,
  type UpdatePasswordBody,
  type UpdateStudentInput,
} from '@academy/contract';
import type { Db } from '../../db/database';
import type { AccountNotices } from '../account-notices/account-notices';
import { isUniqueViolation } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { refuseCommonPassword } from '../../lib/common-passwords';
import type { SecurityLog, StepUpAction } from '../../lib/security-events';
import { forgetKnownDevices } from '../sign-in-guard/service';
import type { SessionAccount } from '../../plugins/auth';
import { changeDetail, recordAudit, type AuditActor } from '../audit-log/service';
import { ACCOUNT_FIELDS, accountTarget } from './audit';
import type { ProfileImageStore } from './profile-images';
import * as repo from './repo';
import type { AccountChanges, AccountRow } from './repo';
import { confirmCurrentPassword } from './current-password';
import { toStudent } from './service';

// A student's own profile, password and picture; an admin may act on any student's profile and
// picture, never on another account's password.

type Caller = Pick<SessionAccount, 'id' | 'isAdmin'>;

async function ownOrAdminTarget(db: Db, caller: Caller, id: string): Promise<AccountRow> {
  if (!caller.isAdmin && caller.id !== id) throw errors.forbidden(SERVER_TEXT.notYourProfile);
  const row = await repo.findLiveById(db, id);
  if (!row) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return row;
}

/** The body's fields as columns. Unchanged admin-only values are dropped before the permission check. */
function changesFrom(body: UpdateStudentInput, row: AccountRow): AccountChanges {
  const changes: AccountChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.whatsAppNo !== undefined) changes.whatsapp_no = body.whatsAppNo;
  if (body.additionalNo !== undefined) changes.additional_no = body.additionalNo;
  if (body.district !== undefined) changes.district = body.district;
  if (body.scl !== undefined) changes.scl = body.scl;
  if (body.address !== undefined) changes.address = body.address;
  if (body.email !== undefined && body.email !== row.email) {
    changes.email = body.email;
    changes.email_key = body.email.toLowerCase();
  }
  if (body.batch !== undefined && body.batch !== row.batch) changes.batch = body.batch;
  if (body.classType !== undefined && body.classType !== row.class_type) changes.class_type = body.classType;
  if (body.historyType !== undefined && body.historyType !== row.history_type) changes.history_type = body.historyType;
  if (body.studentIdImg !== undefined && body.studentIdImg !== row.student_id_img) changes.student_id_img = body.studentIdImg;
  if (body.accountState !== undefined && body.accountState !== row.account_state) changes.account_state = body.accountState;
  return changes;
}

const ADMIN_ONLY_COLUMNS: Record<(typeof ADMIN_ONLY_FIELDS)[number], keyof AccountChanges> = {
  email: 'email',
  batch: 'batch',
  classType: 'class_type',
  historyType: 'history_type',
  studentIdImg: 'student_id_img',
  accountState: 'account_state',
};

/** An admin's edit of an account, when it changed anything: a value sent again as it was is no change. */
async function recordEdit(tx: Db, actor: AuditActor, row: AccountRow, changes: AccountChanges): Promise<void> {
  const detail = changeDetail(ACCOUNT_FIELDS, row, changes);
  if (detail.changed.length === 0) return;
  await recordAudit(tx, actor, { action: 'student.edit', target: accountTarget(row), summary: `Edited ${row.name}: ${detail.changed.join(', ')}`, detail });
}

/**
 * spec section 7 'update'. A student changes only name, phone numbers, district, school and
 * address; sending a new batch, class type, e-mail, history type, ID or state is refused (403)
 * naming the fields. regNo keeps its number when an admin moves a student to another batch.
 */
export async function updateStudent(
  db: Db,
  caller: Caller,
  id: string,
  body: UpdateStudentInput,
  context: {
    actor: AuditActor;
    notices: AccountNotices;
    /** Checks the admin's own password (the body's `password`) before an e-mail change or a suspension (step-up.ts). */
    confirmPassword: (password: string | undefined, action: StepUpAction) => Promise<void>;
  },
): Promise<Student> {
  const { actor } = context;
  const row = await ownOrAdminTarget(db, caller, id);
  if (body.accountType !== undefined && body.accountType !== row.account_type) {
    throw errors.field('accountType', SERVER_TEXT.accountTypeFixed, 403);
  }
  const changes = changesFrom(body, row);
  const changedAdminOnly = ADMIN_ONLY_FIELDS.filter((field) => ADMIN_ONLY_COLUMNS[field] in changes);
  if (!caller.isAdmin && changedAdminOnly.length > 0) {
    const fields: FieldError[] = changedAdminOnly.map((field) => ({ field, message: `${field} ${SERVER_TEXT.adminOnlyField}` }));
    throw new AppError(403, fields.map((f) => f.message).join(', '), fields);
  }
  // Reset codes go to an account's e-mail: one admin changing another's would take that account over.
  if (changes.email !== undefined && row.account_type === 'admin' && row.id !== caller.id) {
    throw errors.field('email', SERVER_TEXT.otherAdminEmail, 403);
  }
  if (changes.account_state !== undefined && row.account_type === 'admin') {
    // An admin suspending an admin account (their own included) would lock the academy out.
    throw errors.field('accountState', SERVER_TEXT.adminOnly, 403);
  }
  // Reset codes follow the address, and suspending locks a student out: the admin's own password
  // is asked for either (ASVS 3.7.1), once for one edit.
  const suspending = changes.account_state === 'de-active';
  if (changes.email !== undefined) await context.confirmPassword(body.password, 'email-change');
  else if (suspending) await context.confirmPassword(body.password, 'suspend');
  try {
    await db.transaction().execute(async (tx) => {
      const updated = await repo.updateAccount(tx, row, changes, new Date().toISOString(), suspending);
      if (!updated) throw errors.notFound(SERVER_TEXT.studentNotFound);
      if (caller.isAdmin) await recordEdit(tx, actor, row, changes);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.conflict('email', SERVER_TEXT.emailTaken);
    throw error;
  }
  // The old address hears of it: reset codes go to the new one from now on.
  if (changes.email !== undefined) context.notices.emailChanged({ email: row.email, name: row.name }, changes.email);
  const fresh = await repo.findLiveById(db, id);
  if (!fresh) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return toStudent(fresh);
}

/**
 * spec section 7 'updatepassword': own account only, current password checked, policy checked by
 * the body schema. Every session of the account ends (token version); the answer's fresh token
 * keeps the caller's own session going.
 */
export async function changePassword(
  db: Db,
  caller: Caller & Pick<SessionAccount, 'sessionId'>,
  id: string,
  body: UpdatePasswordBody,
  context: {
    /** Spends one unit of the caller's sign-in budget just before the password is checked (plugins/rate-limits.ts). */
    spendBudget: () => Promise<void>;
    /** A fresh token for the caller's own session at the new token version (auth plugin). */
    renewSession: (tokenVersion: number) => Promise<string>;
    /** Where the change or its refusal is logged (lib/security-events.ts). */
    security: SecurityLog;
    /** Tells the owner by mail once the password has changed. */
    notices: AccountNotices;
  },
): Promise<string> {
  if (caller.id !== id) throw errors.forbidden(SERVER_TEXT.notYourPassword);
  const row = await repo.findLiveById(db, id);
  if (!row) throw errors.notFound(SERVER_TEXT.studentNotFound);
  const who = { accountId: id, sessionId: caller.sessionId };
  await confirmCurrentPassword(db, row, body.oldPassword, 'oldPassword', {
    spendBudget: context.spendBudget,
    refused: (reason) => context.security({ security: 'password-change', outcome: 'failure', reason, ...who }),
  });
  if (body.newPassword === body.oldPassword) throw errors.field('newPassword', SERVER_TEXT.samePassword);
  await refuseCommonPassword(body.newPassword, 'newPassword');

  const tokenVersion = await repo.setPassword(db, id, await hashPassword(body.newPassword), new Date().toISOString());
  if (tokenVersion === undefined) throw errors.notFound(SERVER_TEXT.studentNotFound);
  // Whoever knew the old password may have signed in somewhere: no browser stays known.
  await forgetKnownDevices(db, id);
  const token = await context.renewSession(tokenVersion);
  context.security({ security: 'password-change', outcome: 'success', ...who });
  context.notices.passwordChanged({ email: row.email, name: row.name }, 'changed');
  return token;
}

/** Stores the new picture, points the profile at it, and removes the old one if nobody shows it. */
export async function setProfileImage(
  db: Db,
  store: ProfileImageStore,
  caller: Caller,
  id: string,
  upload: Buffer,
  actor: AuditActor,
): Promise<Student> {
  const row = await ownOrAdminTarget(db, caller, id);
  const url = await store.save(upload);
  await db.transaction().execute(async (tx) => {
    const updated = await repo.updateAccount(tx, row, { profile_img: url }, new Date().toISOString());
    if (!updated) throw errors.notFound(SERVER_TEXT.studentNotFound);
    if (caller.isAdmin) await recordEdit(tx, actor, row, { profile_img: url });
  });
  if (row.profile_img && row.profile_img !== url && !(await repo.isProfileImageUsed(db, row.profile_img))) {
    await store.remove(row.profile_img);
  }
  const fresh = await repo.findLiveById(db, id);
  if (!fresh) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return toStudent(fresh);
}
