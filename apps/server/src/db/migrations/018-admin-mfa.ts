import type { Kysely } from 'kysely';

// Two-step sign-in for admins (features/admin-mfa): the TOTP secret (encrypted), the last time
// step a code was accepted for (a code is used once), single-use recovery codes (hashed), the
// challenges between the password step and the code step, and on each session which second
// factor opened it ('password' alone: an admin's session limited to enrolment).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_second_factors')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enrolled_at', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('admin_recovery_codes_account').on('admin_recovery_codes').column('account_id').execute();

  await db.schema
    .createTable('admin_sign_in_challenges')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('admin_sign_in_challenges_expiry').on('admin_sign_in_challenges').column('expires_at').execute();

  await db.schema.alterTable('sessions').addColumn('second_factor', 'text', (c) => c.notNull().defaultTo('password')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('second_factor').execute();
  await db.schema.dropTable('admin_sign_in_challenges').execute();
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_second_factors').execute();
}
