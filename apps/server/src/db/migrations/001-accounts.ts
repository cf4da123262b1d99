import { sql, type Kysely } from 'kysely';

// Dialect-neutral on purpose: text, integer and partial indexes mean the same on SQLite and
// PostgreSQL, so both run exactly this file.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('account_state', 'text', (c) => c.notNull())
    .addColumn('batch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('class_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('history_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('whatsapp_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('additional_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('district', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('scl', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('student_id_img', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reg_no', 'text', (c) => c.unique())
    .addColumn('profile_img', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();

  // A deleted account frees its e-mail for a new registration (PRODUCT.md 'Accounts').
  await db.schema
    .createIndex('accounts_live_email_key')
    .on('accounts')
    .column('email_key')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('accounts_batch_name').on('accounts').columns(['batch', 'name']).execute();

  await db.schema
    .createTable('reg_no_sequences')
    .addColumn('prefix', 'text', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_subject_time')
    .on('sign_in_failures')
    .columns(['subject', 'failed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('reg_no_sequences').execute();
  await db.schema.dropTable('accounts').execute();
}
