import type { Kysely } from 'kysely';

// Leak tracing. A lesson's `marks` says which marked ladders it has: 'none' (transcoded
// before marks existed: one unmarked ladder), 'a' (the ladder carries mark A; B is being made, and
// every viewer gets A meanwhile), 'ab' (both: each viewer's segments follow their codeword).
// Each play's key fetch is remembered (who, which lesson, when, from where): what a trace reports.
// A trace is one uploaded copy and what reading it found.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lessons').addColumn('marks', 'text', (c) => c.notNull().defaultTo('none')).execute();
  // The lesson's own codeword secret (hex), made with its marks. Not the AES key: every viewer gets that.
  await db.schema.alterTable('lessons').addColumn('mark_secret_hex', 'text').execute();

  await db.schema
    .createTable('lesson_streams')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('streamed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_streams_by_lesson').on('lesson_streams').columns(['lesson_id', 'account_id', 'streamed_at']).execute();

  await db.schema
    .createTable('forensic_traces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    /** Where the uploaded copy waits in the work folder until it is read. */
    .addColumn('copy_path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    /** JSON: the named student and the evidence, or why no one was named. */
    .addColumn('result', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('forensic_traces').execute();
  await db.schema.dropTable('lesson_streams').execute();
  await db.schema.alterTable('lessons').dropColumn('mark_secret_hex').execute();
  await db.schema.alterTable('lessons').dropColumn('marks').execute();
}
