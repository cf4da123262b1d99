import type { Kysely } from 'kysely';

// Announcements (the Messages feed). Dialect-neutral: the same file runs on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Targets are kept as the JSON text of their lists ('[]' = everyone on that part). The values come
  // from fixed lists of distinct words, so the feed matches them with a plain LIKE on '"Indian"'.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('batch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('regions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('class_types', 'text', (c) => c.notNull().defaultTo('[]'))
    // Kept beside the view rows, in the same transaction, so a feed never counts rows to show it.
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('author_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_newest').on('messages').columns(['created_at', 'id']).execute();

  // One row per (message, student) who opened a feed holding it: PRODUCT.md's distinct views.
  await db.schema
    .createTable('message_views')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('viewed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_views_pk', ['message_id', 'account_id'])
    .execute();

  // The bell: per account, the newest message time its feed has shown, on the server so it holds
  // across devices.
  await db.schema
    .createTable('message_reads')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('read_up_to', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reads').execute();
  await db.schema.dropTable('message_views').execute();
  await db.schema.dropTable('messages').execute();
}
