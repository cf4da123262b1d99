import type { Kysely } from 'kysely';

// Sessions: every sign-in is a row, so a student can see and end their sessions and an
// admin can cap how many a student keeps. Settings: the few values an admin changes at run time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_version', 'integer', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('sessions_account_open').on('sessions').columns(['account_id', 'ended_at', 'created_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('sessions').execute();
}
