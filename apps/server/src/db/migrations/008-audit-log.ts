import type { Kysely } from 'kysely';

// The audit log (issue 8). Entries are never changed or removed by the application. The admin's
// name and e-mail are copied in, so an entry still says who acted after an account is renamed.
// No foreign keys: the log outlives whatever it speaks of (a deleted class, a removed message).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();
  // One index per filter, each ending in the list order, so a page and its count are read from an
  // index alone whichever filter leads (the date range rides on every one of them through `at`).
  await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_action').on('audit_log').columns(['action', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_actor').on('audit_log').columns(['actor_id', 'at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_target').on('audit_log').columns(['target_id', 'at', 'id']).execute();

  // The search: each entry's words (the target's name, e-mail, regNo, id), lower-cased, one row
  // each. A typed word finds the entries with a word starting with it through the primary key,
  // where a LIKE over every entry's text would read the whole log on every keystroke.
  await db.schema
    .createTable('audit_log_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull().references('audit_log.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('audit_log_terms_pk', ['term', 'entry_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log_terms').execute();
  await db.schema.dropTable('audit_log').execute();
}
