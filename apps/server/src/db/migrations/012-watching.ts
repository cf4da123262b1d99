import type { Kysely } from 'kysely';

// Watching: one progress row per student and file, the batch ids already applied (so a
// retried batch counts once), and each student's drive visits (the start of "New").

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('watch_progress')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** The file's store id as it is now (as lessons.file_id). */
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('position_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    /** The device time of the report the position came from: an older report never moves it back. */
    .addColumn('position_at', 'double precision', (c) => c.notNull().defaultTo(0))
    /** The player's duration; the probed one (lessons) wins when there is one. */
    .addColumn('duration_seconds', 'double precision')
    /** Every second played, replays included: what the reports sent, summed. */
    .addColumn('played_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    /** Which COVERAGE_BUCKET_SECONDS slices were played at least once: a bitmap, base64. */
    .addColumn('coverage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('covered_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_opened_at', 'text', (c) => c.notNull())
    .addColumn('last_watched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_progress_pk', ['account_id', 'file_id'])
    .execute();
  await db.schema.createIndex('watch_progress_file').on('watch_progress').columns(['file_id']).execute();
  await db.schema.createIndex('watch_progress_recent').on('watch_progress').columns(['account_id', 'last_watched_at']).execute();

  await db.schema
    .createTable('watch_batches')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('watch_batches_pk', ['account_id', 'batch_id'])
    .execute();
  await db.schema.createIndex('watch_batches_applied').on('watch_batches').columns(['applied_at']).execute();

  await db.schema
    .createTable('drive_visits')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    /** Lessons added after this are "New" for the student. */
    .addColumn('new_since', 'text')
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drive_visits').execute();
  await db.schema.dropTable('watch_batches').execute();
  await db.schema.dropTable('watch_progress').execute();
}
