import type { Kysely } from 'kysely';

// Privacy (docs/data-inventory.md, ASVS 8.3.2 and 8.3.3). A student's consent to the privacy notice
// at registration, with the notice's version, and a student's own request to be erased: the sweep
// job erases the account once the grace period has passed, unless the student cancelled (the row
// is then gone). Both go with the account row; an erased account keeps its request row as the
// record of when it was erased.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('privacy_consents')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('notice_version', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('erasure_requests')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('erase_after', 'text', (c) => c.notNull())
    .addColumn('erased_at', 'text')
    .execute();
  await db.schema.createIndex('erasure_requests_due').on('erasure_requests').columns(['erased_at', 'erase_after']).execute();

  // The retention sweep finds ended and expired sessions by time (old audit entries by audit_log_newest).
  await db.schema.createIndex('sessions_ended_at').on('sessions').column('ended_at').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_at').execute();
  await db.schema.dropIndex('sessions_ended_at').execute();
  await db.schema.dropTable('erasure_requests').execute();
  await db.schema.dropTable('privacy_consents').execute();
}
