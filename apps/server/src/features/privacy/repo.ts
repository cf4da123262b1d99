import type { Db } from '../../db/database';

// The privacy feature's SQL: consents, erasure requests, and the reads of a student's own export.
// What erasure and retention change lives in erase-repo.ts and retention.ts.

export async function insertConsent(db: Db, accountId: string, noticeVersion: string, at: string): Promise<void> {
  await db.insertInto('privacy_consents').values({ account_id: accountId, notice_version: noticeVersion, consented_at: at }).execute();
}

export function findConsent(db: Db, accountId: string) {
  return db.selectFrom('privacy_consents').select(['notice_version', 'consented_at']).where('account_id', '=', accountId).executeTakeFirst();
}

/** The account's erasure request, pending or done; undefined when there is none. */
export function findErasureRequest(db: Db, accountId: string) {
  return db.selectFrom('erasure_requests').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Writes a pending request; false when the account already has one. */
export async function insertErasureRequest(db: Db, accountId: string, requestedAt: string, eraseAfter: string): Promise<boolean> {
  const written = await db
    .insertInto('erasure_requests')
    .values({ account_id: accountId, requested_at: requestedAt, erase_after: eraseAfter, erased_at: null })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return written !== undefined;
}

/** Removes a pending request (never a done one); false when there was none to cancel. */
export async function deletePendingErasureRequest(db: Db, accountId: string): Promise<boolean> {
  const result = await db.deleteFrom('erasure_requests').where('account_id', '=', accountId).where('erased_at', 'is', null).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Accounts whose request's grace period has ended by `now` and that are not erased yet. */
export async function dueErasures(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('erasure_requests')
    .select('account_id')
    .where('erased_at', 'is', null)
    .where('erase_after', '<=', now)
    .orderBy('erase_after')
    .limit(limit)
    .execute();
  return rows.map((row) => row.account_id);
}

// ---- the export's reads: each names the account, so no other student's row can be in it ----

export function findLiveAccount(db: Db, accountId: string) {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Grants that name the student's e-mail, or their batch and class type, with the class's name. */
export function grantsOf(db: Db, account: { email_key: string; batch: string; class_type: string }) {
  return db
    .selectFrom('class_grants')
    .innerJoin('classes', 'classes.id', 'class_grants.class_id')
    .select(['classes.name as className', 'class_grants.email_key as email', 'class_grants.batch', 'class_grants.class_type as classType', 'class_grants.ends_at as endsAt', 'class_grants.created_at as grantedAt'])
    .where((eb) =>
      eb.or([
        eb('class_grants.email_key', '=', account.email_key),
        eb.and([eb('class_grants.batch', '=', account.batch), eb('class_grants.class_type', '=', account.class_type)]),
      ]),
    )
    .orderBy('classes.name')
    .execute();
}

export function watchHistoryOf(db: Db, accountId: string) {
  return db
    .selectFrom('watch_progress')
    .select([
      'file_id as fileId',
      'position_seconds as positionSeconds',
      'duration_seconds as durationSeconds',
      'played_seconds as playedSeconds',
      'covered_seconds as coveredSeconds',
      'first_opened_at as firstOpenedAt',
      'last_watched_at as lastWatchedAt',
    ])
    .where('account_id', '=', accountId)
    .orderBy('last_watched_at', 'desc')
    .execute();
}

export function attemptsOf(db: Db, accountId: string) {
  return db
    .selectFrom('paper_attempts')
    .innerJoin('papers', 'papers.id', 'paper_attempts.paper_id')
    .select([
      'papers.title as paper',
      'paper_attempts.started_at as startedAt',
      'paper_attempts.handed_in_at as handedInAt',
      'paper_attempts.marks',
      'paper_attempts.mcq_marks as mcqMarks',
      'paper_attempts.written_marks as writtenMarks',
      'paper_attempts.correct',
      'paper_attempts.answered',
      'paper_attempts.island_rank as islandRank',
      'paper_attempts.district_rank as districtRank',
      'paper_attempts.batch_rank as batchRank',
      'paper_attempts.district',
      'paper_attempts.school',
    ])
    .where('paper_attempts.account_id', '=', accountId)
    .orderBy('paper_attempts.started_at')
    .execute();
}

export function paymentsOf(db: Db, accountId: string) {
  return db
    .selectFrom('fee_payments')
    .select([
      'receipt_no as receiptNo',
      'student_name as studentName',
      'reg_no as regNo',
      'class_name as className',
      'method',
      'amount_cents as amountCents',
      'currency',
      'refunded_cents as refundedCents',
      'received_at as receivedAt',
      'bank',
      'reference',
      'state',
    ])
    .where('account_id', '=', accountId)
    .orderBy('received_at')
    .execute();
}

export function slipsOf(db: Db, accountId: string) {
  return db
    .selectFrom('fee_slips')
    .select(['class_name as className', 'months_json as months', 'bank', 'reference', 'amount_cents as amountCents', 'paid_on as paidOn', 'state', 'reason', 'created_at as uploadedAt'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
}

export function preferencesOf(db: Db, accountId: string) {
  return db
    .selectFrom('notification_preferences')
    .select(['overrides_json', 'language', 'updated_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** The browsers subscribed to push: where and since when, never the subscription's keys. */
export function pushDevicesOf(db: Db, accountId: string) {
  return db
    .selectFrom('push_subscriptions')
    .select(['device', 'language', 'created_at as subscribedAt', 'last_seen_at as lastSeenAt'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
}

export function sessionsOf(db: Db, accountId: string) {
  return db
    .selectFrom('sessions')
    .select(['device', 'ip', 'created_at as signedInAt', 'last_seen_at as lastSeenAt', 'expires_at as expiresAt', 'ended_at as endedAt', 'end_reason as endReason'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .execute();
}
