import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { ProfileImageStore } from '../students/profile-images';

// Erasing one student (docs/data-inventory.md 'Erasure'). The account row stays, as an anonymous
// tombstone in the 'erased' state: paper ranks, class statistics, fee ledgers and the audit log
// point at its id and stay whole. What identifies the person goes, in one transaction:
// - the account's name, e-mail, phone numbers, district, school, address, ID number and picture;
// - everything kept only about their use of the portal: sessions (IP addresses), push
//   subscriptions, preferences, watch history, lesson streams, message reads, reset codes,
//   known devices, extra-time grants, their paper devices (IP addresses), individual class grants
//   (they name the e-mail), and the school copied into their paper attempts.
// Kept: marks and answers (anonymous now), and money records. A fee receipt keeps the name and
// regNo copied onto it when it was issued: it is the academy's legal copy of a payment, and the
// audit log keeps its entries unchanged until their own retention period ends.

/** The name an erased account shows wherever an old record still points at it. */
export const ERASED_NAME = 'Erased student';
export const ERASED_STATE = 'erased';

/** The placeholder address: unique per account, in a domain that can never receive mail (RFC 2606). */
export function erasedEmail(accountId: string): string {
  return `erased-${accountId}@erased.invalid`;
}

/**
 * Erases the account in one transaction and records it in erasure_requests (a row is written if
 * the erasure was not asked for, as for a deleted student past retention). Answers false when the
 * account is gone, is an admin, or was erased already.
 */
export async function eraseAccount(db: Db, dataDir: string, accountId: string, now: string): Promise<boolean> {
  const picture = await db.transaction().execute(async (tx) => {
    const account = await tx
      .selectFrom('accounts')
      .select(['email_key', 'profile_img', 'account_type', 'account_state'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!account || account.account_type === 'admin' || account.account_state === ERASED_STATE) return null;
    const email = erasedEmail(accountId);
    await tx
      .updateTable('accounts')
      .set((eb) => ({
        name: ERASED_NAME,
        email,
        email_key: email,
        // Never a hash any password matches: the account can never be signed in to again.
        password_hash: `erased:${randomBytes(16).toString('hex')}`,
        account_state: ERASED_STATE,
        whatsapp_no: '',
        additional_no: '',
        district: '',
        scl: '',
        address: '',
        student_id_img: '',
        profile_img: '',
        search_text: '',
        deleted_at: eb.fn.coalesce('deleted_at', eb.val(now)),
        updated_at: now,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', accountId)
      .execute();
    for (const table of ACCOUNT_TABLES) await tx.deleteFrom(table).where('account_id', '=', accountId).execute();
    // Grants by e-mail name the address, not the account: a live account that registered the same
    // address after this one was deleted keeps its grants.
    const reused = await tx.selectFrom('accounts').select('id').where('email_key', '=', account.email_key).where('deleted_at', 'is', null).executeTakeFirst();
    if (!reused) await tx.deleteFrom('class_grants').where('email_key', '=', account.email_key).execute();
    const attempts = tx.selectFrom('paper_attempts').select('id').where('account_id', '=', accountId);
    await tx.deleteFrom('paper_attempt_devices').where('attempt_id', 'in', attempts).execute();
    await tx.updateTable('paper_attempts').set({ school: '' }).where('account_id', '=', accountId).execute();
    await tx
      .insertInto('erasure_requests')
      .values({ account_id: accountId, requested_at: now, erase_after: now, erased_at: now })
      .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ erased_at: now }))
      .execute();
    return { url: account.profile_img };
  });
  if (!picture) return false;
  await removePictureIfUnused(db, dataDir, picture.url);
  return true;
}

/** Tables whose rows about an account exist only for its use of the portal: an erasure removes them. */
const ACCOUNT_TABLES = [
  'sessions',
  'push_subscriptions',
  'notification_preferences',
  'watch_progress',
  'watch_batches',
  'drive_visits',
  'lesson_streams',
  'message_views',
  'message_reads',
  'password_reset_codes',
  'known_device_generations',
  'paper_accommodations',
] as const;

/** Profile pictures are content-named and may be shared: the file goes once no account shows it. */
async function removePictureIfUnused(db: Db, dataDir: string, url: string): Promise<void> {
  if (!url) return;
  const user = await db.selectFrom('accounts').select('id').where('profile_img', '=', url).executeTakeFirst();
  if (!user) await new ProfileImageStore(dataDir).remove(url);
}
