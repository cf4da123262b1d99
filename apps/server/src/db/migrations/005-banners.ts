import type { Kysely } from 'kysely';

// Login-page banners (PRODUCT.md 'Banners'). Dialect-neutral: the same file runs on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every image this server's upload stored, named by the hash of its bytes. save-url accepts
  // only addresses found here, so nothing from elsewhere can reach the login page.
  await db.schema
    .createTable('banner_images')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('max_width', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();

  // The published campaign: at most three rows, one per carousel position.
  await db.schema
    .createTable('banners')
    .addColumn('position', 'integer', (c) => c.primaryKey())
    .addColumn('image_hash', 'text', (c) => c.notNull().references('banner_images.hash'))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('banners').execute();
  await db.schema.dropTable('banner_images').execute();
}
