import { sql, type Kysely } from 'kysely';

// Class material. Dialect-neutral: the same file runs on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A class is a top-level folder of the file store. The row keeps its name (unique in any letter
  // case) and the store's id for the folder, so grants survive a rename and follow the folder.
  await db.schema
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('folder_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Who may open a class: one e-mail (lower-cased, with or without an account yet), or every
  // student of a batch and class type. Access is worked out when a student reads, against their
  // account as it is then, so a grant waits for its e-mail to register and lapses after ends_at.
  await db.schema
    .createTable('class_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('email_key', 'text')
    .addColumn('batch', 'text')
    .addColumn('class_type', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('class_grants_class_email')
    .on('class_grants')
    .columns(['class_id', 'email_key'])
    .unique()
    .where(sql.ref('email_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('class_grants_class_batch')
    .on('class_grants')
    .columns(['class_id', 'batch', 'class_type'])
    .unique()
    .where(sql.ref('batch'), 'is not', null)
    .execute();
  await db.schema.createIndex('class_grants_email').on('class_grants').column('email_key').execute();
  await db.schema.createIndex('class_grants_batch').on('class_grants').columns(['batch', 'class_type']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('class_grants').execute();
  await db.schema.dropTable('classes').execute();
}
