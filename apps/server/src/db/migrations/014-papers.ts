import { sql, type Kysely } from 'kysely';

// MCQ papers (docs/papers.md). Dialect-neutral: text ids and ISO-8601 text times (string
// order is time order on both engines), integers for counts, marks and flags (0/1: SQLite has no
// boolean), partial indexes for the open work the close job and the sweep look for.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('papers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    /** The class whose access decides who may sit. */
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    /** The store id of the folder it is listed in; rewritten when the folder is renamed. */
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('opens_at', 'text', (c) => c.notNull())
    .addColumn('closes_at', 'text', (c) => c.notNull())
    .addColumn('time_limit_minutes', 'integer', (c) => c.notNull())
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('review', 'text', (c) => c.notNull().defaultTo('explanations'))
    /** null: released by hand. */
    .addColumn('release_at', 'text')
    /** '' is every batch: the merit list's audience. */
    .addColumn('batch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('merit_top', 'integer', (c) => c.notNull().defaultTo(10))
    /** Bumped by every regrade, so a cached key is known to be stale. */
    .addColumn('key_version', 'integer', (c) => c.notNull().defaultTo(0))
    /** Set by the first start: the paper's structure is frozen from then. */
    .addColumn('first_started_at', 'text')
    /** Closed, every attempt handed in and ranked; cleared by a reopening. */
    .addColumn('results_ready_at', 'text')
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'text')
    /** The last merit list posted, and its announcement. */
    .addColumn('merit_posted_at', 'text')
    .addColumn('merit_message_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Moves with every change of the paper or its questions: what a per-instance cache checks. */
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('papers_folder').on('papers').column('folder_id').execute();
  await db.schema.createIndex('papers_class').on('papers').column('class_id').execute();
  // The sweep's papers: those whose results are not ready yet.
  await db.schema.createIndex('papers_unready').on('papers').column('closes_at').where(sql.ref('results_ready_at'), 'is', null).execute();

  // Every picture a paper's upload stored, named by the hash of its WebP: a question may name only these.
  await db.schema
    .createTable('paper_images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  // Questions and options in rows: a regrade changes a key in one statement, the statistics group
  // by option, and a typo fix after the first start updates one text.
  await db.schema
    .createTable('paper_questions')
    /** Random, sent to students. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    /** The paper's own order, from 0. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('image_id', 'text', (c) => c.references('paper_images.hash'))
    .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('explanation', 'text', (c) => c.notNull().defaultTo(''))
    /** A regrade dropped it: it counts for no one. */
    .addColumn('dropped', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('paper_questions_order').on('paper_questions').columns(['paper_id', 'position']).unique().execute();

  await db.schema
    .createTable('paper_options')
    /** Random: says nothing of the option's place or of the key. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('question_id', 'text', (c) => c.notNull().references('paper_questions.id').onDelete('cascade'))
    /** Loads a paper's options in one query. */
    .addColumn('paper_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    /** Exactly one per question; the service keeps it so. */
    .addColumn('is_key', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('paper_options_order').on('paper_options').columns(['question_id', 'position']).unique().execute();
  await db.schema.createIndex('paper_options_paper').on('paper_options').column('paper_id').execute();

  // Extra time apart from the attempt: it is often set before the student starts.
  await db.schema
    .createTable('paper_accommodations')
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('extra_minutes', 'integer', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_accommodations_pk', ['paper_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('paper_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** The server's time. */
    .addColumn('started_at', 'text', (c) => c.notNull())
    /** The start, or the last reopening: time taken counts from here. */
    .addColumn('opened_at', 'text', (c) => c.notNull())
    /** min(start + limit + extra, close), or a reopening's; rewritten when one of those moves. */
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('extra_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    /** The student's order: {"q": [questionId…], "o": {questionId: [optionId…]}}. */
    .addColumn('order_json', 'text', (c) => c.notNull())
    /** Copied from the account at start: the groups of the ranks. */
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('school', 'text', (c) => c.notNull())
    .addColumn('devices', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('handed_in_at', 'text')
    /** 'student' or 'time'. */
    .addColumn('handed_in_by', 'text')
    /** Set at hand-in, rewritten by a regrade. */
    .addColumn('marks', 'integer')
    .addColumn('correct', 'integer')
    .addColumn('answered', 'integer')
    /** Summed over the periods the attempt was open. */
    .addColumn('time_taken_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    /** Set when results are ready. */
    .addColumn('island_rank', 'integer')
    .addColumn('district_rank', 'integer')
    .addColumn('batch_rank', 'integer')
    .addColumn('away_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('away_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('offline_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('offline_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    /** Saves applied inside the grace after the deadline. */
    .addColumn('late_saves', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reopened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One attempt per student and paper; every sitting call finds the caller's attempt by it.
  await db.schema.createIndex('paper_attempts_student').on('paper_attempts').columns(['paper_id', 'account_id']).unique().execute();
  // The close job's open attempts past their deadline, and a listing's counts.
  await db.schema.createIndex('paper_attempts_open').on('paper_attempts').columns(['paper_id', 'handed_in_at', 'deadline_at']).execute();
  // The sweep, across papers: attempts not handed in, by deadline.
  await db.schema
    .createIndex('paper_attempts_due')
    .on('paper_attempts')
    .column('deadline_at')
    .where(sql.ref('handed_in_at'), 'is', null)
    .execute();

  // Only the winning save of each question is kept: a log of every save would double the writes at
  // the deadline's peak, and nothing reads it.
  await db.schema
    .createTable('paper_answers')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('paper_attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    /** null: cleared. */
    .addColumn('option_id', 'text')
    .addColumn('seq', 'integer', (c) => c.notNull())
    /** Breaks a tie of seq between two devices: the higher device wins. */
    .addColumn('device', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('paper_attempt_devices')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('paper_attempts.id').onDelete('cascade'))
    .addColumn('device', 'integer', (c) => c.notNull())
    /** SHA-256 of the browser's random deviceKey: the key itself is never stored. */
    .addColumn('device_key_hash', 'text', (c) => c.notNull())
    /** 'Chrome on Android'. */
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_attempt_devices_pk', ['attempt_id', 'device'])
    .addUniqueConstraint('paper_attempt_devices_key', ['attempt_id', 'device_key_hash'])
    .execute();

  await db.schema
    .createTable('paper_attempt_events')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('paper_attempts.id').onDelete('cascade'))
    /** The browser's random id: a retried request adds its periods once. */
    .addColumn('event_id', 'text', (c) => c.notNull())
    /** 'away' or 'offline'. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('device', 'integer', (c) => c.notNull())
    /** The device's clock, as sent. */
    .addColumn('from_at', 'text', (c) => c.notNull())
    .addColumn('to_at', 'text', (c) => c.notNull())
    /** Clamped to 0 … the attempt's length. */
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_attempt_events_pk', ['attempt_id', 'event_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paper_attempt_events').execute();
  await db.schema.dropTable('paper_attempt_devices').execute();
  await db.schema.dropTable('paper_answers').execute();
  await db.schema.dropTable('paper_attempts').execute();
  await db.schema.dropTable('paper_accommodations').execute();
  await db.schema.dropTable('paper_options').execute();
  await db.schema.dropTable('paper_questions').execute();
  await db.schema.dropTable('paper_images').execute();
  await db.schema.dropTable('papers').execute();
}
