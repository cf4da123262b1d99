import type { Kysely } from 'kysely';

// Durable background jobs: one row per job. A worker takes a job by writing its own id
// and a lease into the row in one UPDATE; it renews the lease while it works. A job whose lease ran
// out (its instance was killed) is taken again by whichever instance looks next.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** One live job per kind and key: enqueueing the same key again re-queues that row. */
    .addColumn('job_key', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('jobs_kind_key', ['kind', 'job_key'])
    .execute();
  await db.schema.createIndex('jobs_takeable').on('jobs').columns(['kind', 'state', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
