import type { Kysely } from 'kysely';

// Class fees (docs/design/fees-build-plan.md, section 1). Dialect-neutral as the others: text ids
// (random UUIDs), ISO-8601 text instants, `YYYY-MM` text months and `YYYY-MM-DD` text days (string
// order is time order), integer cents and counts. Money records (orders, payments, slips, refunds,
// PayHere's events, alerts) have no foreign key to classes or accounts and copy the class's name,
// as the audit log copies names: a deleted class or account must not delete money. The rest
// (plans, tags, cards, exceptions, openings, ledgers, reminders) go with their class.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A class's fee plan: the monthly fee in cents, its months (a sorted JSON list) and the class
  // year's first and last month beside them, so SQL never parses the JSON.
  await db.schema
    .createTable('fee_plans')
    .addColumn('class_id', 'text', (c) => c.primaryKey().references('classes.id').onDelete('cascade'))
    .addColumn('monthly_fee_cents', 'integer', (c) => c.notNull())
    .addColumn('months_json', 'text', (c) => c.notNull())
    .addColumn('first_month', 'text', (c) => c.notNull())
    .addColumn('last_month', 'text', (c) => c.notNull())
    .addColumn('due_day', 'integer', (c) => c.notNull())
    .addColumn('grace_days', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A folder tagged with a fee month, by the store's id (rewritten when the folder is renamed).
  await db.schema
    .createTable('fee_folder_months')
    .addColumn('folder_id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_folder_months_class').on('fee_folder_months').column('class_id').execute();

  await db.schema
    .createTable('fee_free_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_month', 'text', (c) => c.notNull())
    // Null: to the end of the class year.
    .addColumn('until_month', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ended_by', 'text')
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('fee_free_cards_student').on('fee_free_cards').columns(['class_id', 'account_id']).execute();

  // An admin's opening of one month for one student; ending it deletes the row (the audit log keeps it).
  await db.schema
    .createTable('fee_exceptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('fee_exceptions_once', ['class_id', 'account_id', 'month'])
    .execute();

  // What opens a month to a student, one row per source (a payment, a full free card, an
  // exception), kept by the services in their source's transaction. The gate reads it by the
  // primary key's prefix on every request into a tagged month.
  await db.schema
    .createTable('fee_openings')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_openings_pk', ['class_id', 'account_id', 'month', 'source', 'source_id'])
    .execute();
  await db.schema.createIndex('fee_openings_month').on('fee_openings').columns(['class_id', 'month']).execute();

  // One row per student and class that every payment, refund and chargeback of theirs locks first.
  await db.schema
    .createTable('fee_ledgers')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_ledgers_pk', ['class_id', 'account_id'])
    .execute();

  // The receipt numbers' one sequence: incremented under its row lock inside the payment's
  // transaction, so a rolled-back payment gives its number back.
  await db.schema
    .createTable('fee_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('fee_counters' as never)
    .values({ name: 'receipt', value: 0 } as never)
    .execute();

  await db.schema
    .createTable('fee_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payhere_payment_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_orders_student_month').on('fee_orders').columns(['account_id', 'class_id', 'month', 'state']).execute();

  // Verified notifications only (a refused one is a log line); no card field has a column.
  await db.schema
    .createTable('fee_payhere_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('payhere_payment_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('status_message', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addUniqueConstraint('fee_payhere_events_once', ['order_id', 'status_code', 'payhere_payment_id'])
    .execute();

  await db.schema
    .createTable('fee_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('receipt_no', 'integer', (c) => c.notNull().unique())
    // Copied at payment: a receipt says who paid as they were named then.
    .addColumn('account_id', 'text')
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('reg_no', 'text')
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    // The Sri Lanka day of receipt: revenue and the export group by it.
    .addColumn('received_on', 'text', (c) => c.notNull())
    // Each null or once: both engines let several NULLs through a UNIQUE.
    .addColumn('order_id', 'text', (c) => c.unique())
    .addColumn('payhere_payment_id', 'text', (c) => c.unique())
    .addColumn('slip_id', 'text', (c) => c.unique())
    .addColumn('request_id', 'text', (c) => c.unique())
    .addColumn('bank', 'text')
    .addColumn('reference', 'text')
    .addColumn('reference_key', 'text')
    .addColumn('note', 'text')
    .addColumn('recorded_by', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_payments_received').on('fee_payments').column('received_at').execute();
  await db.schema.createIndex('fee_payments_class').on('fee_payments').columns(['class_id', 'received_at']).execute();
  await db.schema.createIndex('fee_payments_student').on('fee_payments').columns(['account_id', 'received_at']).execute();
  await db.schema.createIndex('fee_payments_reference').on('fee_payments').column('reference_key').execute();

  await db.schema
    .createTable('fee_payment_months')
    .addColumn('payment_id', 'text', (c) => c.notNull().references('fee_payments.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_payment_months_pk', ['payment_id', 'month'])
    .execute();
  await db.schema.createIndex('fee_payment_months_month').on('fee_payment_months').columns(['class_id', 'month', 'state']).execute();

  await db.schema
    .createTable('fee_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addColumn('months_json', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('way', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_refunds_recorded').on('fee_refunds').column('recorded_at').execute();
  await db.schema.createIndex('fee_refunds_payment').on('fee_refunds').column('payment_id').execute();

  // A bank slip; its id is also its file's name under DATA_DIR/fee-slips.
  await db.schema
    .createTable('fee_slips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('class_id', 'text', (c) => c.notNull())
    .addColumn('class_name', 'text', (c) => c.notNull())
    .addColumn('months_json', 'text', (c) => c.notNull())
    .addColumn('bank', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('reference_key', 'text', (c) => c.notNull())
    // What the student typed they transferred.
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'integer', (c) => c.notNull())
    // Of the bytes as uploaded: the same file again is flagged.
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fee_slips_queue').on('fee_slips').columns(['state', 'created_at']).execute();
  await db.schema.createIndex('fee_slips_reference').on('fee_slips').column('reference_key').execute();
  await db.schema.createIndex('fee_slips_file').on('fee_slips').column('file_sha256').execute();
  await db.schema.createIndex('fee_slips_student').on('fee_slips').columns(['account_id', 'created_at']).execute();

  // The last reminder per student, class and month: at most one in 24 hours.
  await db.schema
    .createTable('fee_reminders')
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fee_reminders_pk', ['class_id', 'account_id', 'month'])
    .execute();

  await db.schema
    .createTable('fee_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('slip_id', 'text')
    .addColumn('account_id', 'text')
    .addColumn('detail_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('fee_alerts_open').on('fee_alerts').columns(['resolved_at', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'fee_alerts',
    'fee_reminders',
    'fee_slips',
    'fee_refunds',
    'fee_payment_months',
    'fee_payments',
    'fee_payhere_events',
    'fee_orders',
    'fee_counters',
    'fee_ledgers',
    'fee_openings',
    'fee_exceptions',
    'fee_free_cards',
    'fee_folder_months',
    'fee_plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
