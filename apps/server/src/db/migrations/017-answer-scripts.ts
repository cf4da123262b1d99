import { sql, type Kysely } from 'kysely';

// The written part of a paper (docs/design/answer-scripts.md): its questions and question sheet,
// students' photographed pages (staged, then handed in as one script), the marker's annotations
// and marks. Dialect-neutral as 014-papers: text ids, ISO-8601 text times, integers. The attempt
// gets its marks split: `mcq_marks` and `written_marks`, with `marks` their sum.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paper_written')
    .addColumn('paper_id', 'text', (c) => c.primaryKey().references('papers.id').onDelete('cascade'))
    /** Minutes after an attempt's deadline during which pages and the hand-in are still taken. */
    .addColumn('grace_minutes', 'integer', (c) => c.notNull().defaultTo(15))
    /** The question sheet: DATA_DIR/paper-sheets/<sheet_id>.pdf, or none. */
    .addColumn('sheet_id', 'text')
    .addColumn('sheet_pages', 'integer')
    .addColumn('sheet_bytes', 'integer')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('paper_written_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('max_marks', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paper_written_questions_order').on('paper_written_questions').columns(['paper_id', 'position']).unique().execute();

  await db.schema
    .createTable('paper_scripts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    /** At most one script an attempt: the hand-in makes it. */
    .addColumn('attempt_id', 'text', (c) => c.notNull().unique().references('paper_attempts.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('handed_in_at', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    /** 'to-do', 'in-progress' or 'marked'. */
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('to-do'))
    /** The admin it is assigned to, or nobody. */
    .addColumn('marker_id', 'text')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    /** The sum of its marks so far; null while none is given. */
    .addColumn('written_marks', 'integer')
    .addColumn('marked_by', 'text')
    .addColumn('marked_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('paper_scripts_state').on('paper_scripts').columns(['paper_id', 'state']).execute();
  await db.schema.createIndex('paper_scripts_marker').on('paper_scripts').columns(['paper_id', 'marker_id']).execute();

  await db.schema
    .createTable('paper_script_pages')
    /** Random: the file is DATA_DIR/script-pages/<id>.webp. */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('paper_id', 'text', (c) => c.notNull().references('papers.id').onDelete('cascade'))
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('paper_attempts.id').onDelete('cascade'))
    /** null: staged, not handed in yet. */
    .addColumn('script_id', 'text', (c) => c.references('paper_scripts.id').onDelete('cascade'))
    /** The page's number in its script, from 1; while staged, the upload order. */
    .addColumn('position', 'integer')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    /** The marker's shapes on the page, in its own pixels (answer-scripts.md 'Annotations'). */
    .addColumn('annotations_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('annotated_by', 'text')
    .addColumn('annotated_at', 'text')
    .execute();
  await db.schema.createIndex('paper_script_pages_attempt').on('paper_script_pages').columns(['attempt_id', 'script_id']).execute();
  await db.schema.createIndex('paper_script_pages_script').on('paper_script_pages').columns(['script_id', 'position']).execute();

  await db.schema
    .createTable('paper_script_marks')
    .addColumn('script_id', 'text', (c) => c.notNull().references('paper_scripts.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('paper_written_questions.id').onDelete('cascade'))
    .addColumn('marks', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('paper_script_marks_pk', ['script_id', 'question_id'])
    .execute();

  await db.schema.alterTable('paper_attempts').addColumn('mcq_marks', 'integer').execute();
  await db.schema.alterTable('paper_attempts').addColumn('written_marks', 'integer').execute();
  // Every attempt marked so far is MCQ only.
  await sql`update paper_attempts set mcq_marks = marks`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('paper_attempts').dropColumn('written_marks').execute();
  await db.schema.alterTable('paper_attempts').dropColumn('mcq_marks').execute();
  await db.schema.dropTable('paper_script_marks').execute();
  await db.schema.dropTable('paper_script_pages').execute();
  await db.schema.dropTable('paper_scripts').execute();
  await db.schema.dropTable('paper_written_questions').execute();
  await db.schema.dropTable('paper_written').execute();
}
