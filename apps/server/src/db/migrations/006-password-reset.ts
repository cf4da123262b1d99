import type { Kysely } from 'kysely';

// Forgot password (PRODUCT.md). Dialect-neutral: the same file runs on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per code. Rows exist for addresses without an account too (account_id null, no mail):
  // tries, expiry and the hourly limit then behave alike, so no answer tells the two apart.
  await db.schema
    .createTable('password_reset_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('reset_token_hash', 'text', (c) => c.unique())
    .addColumn('reset_expires_at', 'text')
    .addColumn('reset_used_at', 'text')
    .addColumn('token_version', 'integer')
    .execute();
  await db.schema
    .createIndex('password_reset_codes_email_time')
    .on('password_reset_codes')
    .columns(['email_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('password_reset_client_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_reset_client_requests_client_time')
    .on('password_reset_client_requests')
    .columns(['client', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_client_requests').execute();
  await db.schema.dropTable('password_reset_codes').execute();
}
