import type { Kysely } from 'kysely';

// Lessons: a video's streamed version. The row follows its source file by the store id,
// which the disk store changes on every rename on the way, so renames rewrite `file_id`. The
// outputs live in the lesson store under the lesson's own id, so they never move.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('duration_seconds', 'real')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    // The AES-128 key and IV of the segments, hex. Served only through the key route, per ticket.
    .addColumn('key_hex', 'text', (c) => c.notNull())
    .addColumn('iv_hex', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lesson_outputs')
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    /** 'master.m3u8', '360p/index.m3u8', '360p/4.ts', 'poster.jpg', ...; '' is the lesson's folder. */
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('store_id', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_outputs_pk', ['lesson_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lesson_outputs').execute();
  await db.schema.dropTable('lessons').execute();
}
