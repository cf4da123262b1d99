import type { Kysely } from 'kysely';

// Security alerts (docs/security.md 'Alerts on unusual activity') and second-admin approvals of
// high-value deletions (docs/security.md 'Two admins for a deletion'). Dialect-neutral as the
// others: text ids (random UUIDs), ISO-8601 text instants, integer counts.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per alert raised: which kind, who or where (an account id or an address, nothing more),
  // how many events in the window and the threshold it crossed.
  await db.schema
    .createTable('security_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('window_ms', 'integer', (c) => c.notNull())
    .addColumn('raised_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_alerts_raised').on('security_alerts').column('raised_at').execute();

  // The last alert of each kind: one conditional update claims the kind for a window, so every
  // instance sharing the database raises at most one alert of a kind per window.
  await db.schema
    .createTable('security_alert_claims')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('last_raised_at', 'text', (c) => c.notNull())
    .execute();

  // A deletion waiting for a second admin. `target_label` copies the name, as the audit log does,
  // so the request still reads right once its target is gone; no foreign keys for the same reason.
  await db.schema
    .createTable('approval_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_label', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // When the requester may carry it out alone, were they still the only active admin.
    .addColumn('sole_admin_after', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('approval_requests_state').on('approval_requests').columns(['state', 'requested_at']).execute();
  // At most one open request per action and target: a second Delete of the same student shows the first.
  await db.schema.createIndex('approval_requests_open_target').on('approval_requests').columns(['action', 'target_id', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approval_requests').execute();
  await db.schema.dropTable('security_alert_claims').execute();
  await db.schema.dropTable('security_alerts').execute();
}
