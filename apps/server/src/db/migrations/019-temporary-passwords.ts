import type { Kysely } from 'kysely';

// A password someone else chose for the student (the CSV import's generated one) is temporary
// (ASVS 2.3.1): until the student sets their own, the account may only change its password, and
// after this moment the temporary one no longer signs in. Null: the password is the student's own.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('temporary_password_expires_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('temporary_password_expires_at').execute();
}
