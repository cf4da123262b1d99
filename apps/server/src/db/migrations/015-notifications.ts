import { sql, type Kysely } from 'kysely';

// Notifications (docs/design/notifications-build-plan.md, section 1): one row per event, one per
// recipient (the bell and each channel's outcome), one per delivery attempt target, and the
// channels' own state: browsers' push subscriptions, preferences, SMS counters. Dialect-neutral as
// the others: text ids and ISO times, integer counts, a partial index both engines know.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('params_json', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('audience_json', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('not_before', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_subject').on('notifications').columns(['kind', 'subject_key']).unique().execute();
  await db.schema.createIndex('notifications_newest').on('notifications').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('notification_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('opened_via', 'text')
    .addColumn('push_state', 'text')
    .addColumn('email_state', 'text')
    .addColumn('sms_state', 'text')
    .addUniqueConstraint('recipients_once', ['notification_id', 'account_id'])
    .execute();
  await db.schema.createIndex('recipients_bell').on('notification_recipients').columns(['account_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('recipients_unread')
    .on('notification_recipients')
    .column('account_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
  await db.schema.createIndex('recipients_notification').on('notification_recipients').column('notification_id').execute();

  await db.schema
    .createTable('notification_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('notification_recipients.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    // No foreign key: a deleted subscription leaves its delivery's outcome. '' for e-mail and SMS.
    .addColumn('subscription_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('batch', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('deliveries_once', ['recipient_id', 'channel', 'subscription_id'])
    .execute();
  await db.schema.createIndex('deliveries_batch').on('notification_deliveries').columns(['batch', 'state', 'next_attempt_at']).execute();
  await db.schema.createIndex('deliveries_old').on('notification_deliveries').column('updated_at').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('vapid_key_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expiration_time', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_subscriptions_account').on('push_subscriptions').column('account_id').execute();

  await db.schema
    .createTable('notification_preferences')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('overrides_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sms_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sms_counts', 'notification_preferences', 'push_subscriptions', 'notification_deliveries', 'notification_recipients', 'notifications']) {
    await db.schema.dropTable(table).execute();
  }
}
