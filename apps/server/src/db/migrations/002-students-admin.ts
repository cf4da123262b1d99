import { sql, type Kysely } from 'kysely';

// The Student List at 10,000 students. One lower-cased search column (name, e-mail,
// regNo, phone numbers) replaces five LIKEs, and one index holds, for live students, everything
// a page's filters read in list order (batch, name, id), so a page is found without reading rows
// it does not show. Partial indexes and `||` mean the same on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update accounts set search_text =
      lower(name) || ' ' || email_key || ' ' || lower(coalesce(reg_no, '')) || ' ' || whatsapp_no || ' ' || additional_no
  `.execute(db);
  await db.schema
    .createIndex('accounts_live_student_list')
    .on('accounts')
    .columns(['batch', 'name', 'id', 'search_text', 'class_type', 'account_state'])
    .where(sql<boolean>`deleted_at is null and account_type <> 'admin'`)
    .execute();
  await db.schema
    .createIndex('accounts_deleted_at')
    .on('accounts')
    .column('deleted_at')
    .where(sql.ref('deleted_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('accounts_deleted_at').execute();
  await db.schema.dropIndex('accounts_live_student_list').execute();
  await db.schema.alterTable('accounts').dropColumn('search_text').execute();
}
