import type { Kysely } from 'kysely';

// The audit log. Entries are never changed or removed by the application. The admin's
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
  // One index per filter, each in the list order after it, so a page and its count are read from
  // an index alone whichever filter leads (the date range rides on every one of them through `at`),
  // each carrying the other filters' columns for when they are combined. Target ids are at most
  // 200 characters (longer ones are stored hashed), so every index entry stays well inside
  // PostgreSQL's limit.
  await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_by_action').on('audit_log').columns(['action', 'at', 'id', 'target_id', 'actor_id']).execute();
  await db.schema.createIndex('audit_log_by_actor').on('audit_log').columns(['actor_id', 'at', 'id', 'target_id', 'action']).execute();
  await db.schema.createIndex('audit_log_by_target').on('audit_log').columns(['target_id', 'at', 'id', 'action', 'actor_id']).execute();

  // The search: the words of every target the log speaks of (a student's name, e-mail and regNo,
  // a class, folder or file name, the target's id), lower-cased, one row per word and target, kept
  // across renames. A typed word finds the targets with a word starting with it through the primary
  // key, and their entries through the target index: a LIKE over every entry's text would read the
  // whole log on every keystroke, and words per entry would repeat a busy student's name thousands
  // of times.
  await db.schema
    .createTable('audit_log_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_log_terms_pk', ['term', 'target_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log_terms').execute();
  await db.schema.dropTable('audit_log').execute();
}
