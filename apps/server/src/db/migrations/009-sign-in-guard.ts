import type { Kysely } from 'kysely';

// Sign-in failures that tell a hall from an attacker: every try is a row, counted per
// account and place (address or known device), per account, and per address
// (features/sign-in-guard). A row is written before the password is checked ('pending'), so
// parallel guesses count against each other. Known devices: a browser's cookie names the account
// and its device generation; bumping the generation forgets every device of the account at once.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_tries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_tries_account').on('sign_in_tries').columns(['account_key', 'at']).execute();
  await db.schema.createIndex('sign_in_tries_address').on('sign_in_tries').columns(['address', 'at', 'outcome']).execute();
  await db.schema.createIndex('sign_in_tries_at').on('sign_in_tries').column('at').execute();

  await db.schema
    .createTable('known_device_generations')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_device_generations').execute();
  await db.schema.dropTable('sign_in_tries').execute();
}
