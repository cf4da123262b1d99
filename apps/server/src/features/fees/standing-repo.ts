// The SQL behind where students stand with a class's fee months: the rows of one class (for one
// student, or for all of them at once: the month screen and the overview), read in a few queries.
import type { Db } from '../../db/database';
import type { PaymentMethod, OpeningSource } from '@academy/contract';
import { cardRules, type CardRow } from './repo';
import type { CardRules } from './rules';

export interface PaidMonthRow {
  accountId: string;
  month: string;
  /** The month's own state in its payment: paid, refunded, charged back. */
  state: string;
  amountCents: number;
  paymentId: string;
  receiptNo: number;
  method: PaymentMethod;
}

/** Everything that decides a class's months for some students; by account id. */
export interface ClassFacts {
  openings: Map<string, Map<string, OpeningSource[]>>;
  cards: Map<string, Array<CardRules & { id: string; createdAt: string; endedAt: string | null }>>;
  pending: Map<string, Map<string, 'slip' | 'order'>>;
  paidMonths: Map<string, PaidMonthRow[]>;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function inner<K, V>(map: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let found = map.get(key);
  if (!found) {
    found = new Map();
    map.set(key, found);
  }
  return found;
}

/** The facts of one class for the given students, or for every student when `accountIds` is left out. */
export async function classFacts(db: Db, classId: string, accountIds?: readonly string[]): Promise<ClassFacts> {
  const facts: ClassFacts = { openings: new Map(), cards: new Map(), pending: new Map(), paidMonths: new Map() };
  if (accountIds && accountIds.length === 0) return facts;
  const only = accountIds ? [...new Set(accountIds)] : null;
  const [openings, cards, slips, orders, paid] = await Promise.all([
    (only ? db.selectFrom('fee_openings').where('account_id', 'in', only) : db.selectFrom('fee_openings'))
      .select(['account_id', 'month', 'source'])
      .where('class_id', '=', classId)
      .execute(),
    (only ? db.selectFrom('fee_free_cards').where('account_id', 'in', only) : db.selectFrom('fee_free_cards'))
      .selectAll()
      .where('class_id', '=', classId)
      .orderBy('created_at')
      .execute(),
    (only ? db.selectFrom('fee_slips').where('account_id', 'in', only) : db.selectFrom('fee_slips'))
      .select(['account_id', 'months_json'])
      .where('class_id', '=', classId)
      .where('state', '=', 'pending')
      .execute(),
    (only ? db.selectFrom('fee_orders').where('account_id', 'in', only) : db.selectFrom('fee_orders'))
      .select(['account_id', 'month'])
      .where('class_id', '=', classId)
      .where('state', '=', 'pending')
      .execute(),
    (only ? db.selectFrom('fee_payment_months as m').where('m.account_id', 'in', only) : db.selectFrom('fee_payment_months as m'))
      .innerJoin('fee_payments as p', 'p.id', 'm.payment_id')
      .select(['m.account_id', 'm.month', 'm.state', 'm.amount_cents', 'p.id', 'p.receipt_no', 'p.method', 'p.received_at'])
      .where('m.class_id', '=', classId)
      .orderBy('p.received_at')
      .execute(),
  ]);
  for (const row of openings) push(inner(facts.openings, row.account_id), row.month, row.source as OpeningSource);
  for (const row of cards as CardRow[]) push(facts.cards, row.account_id, { ...cardRules(row), id: row.id, createdAt: row.created_at, endedAt: row.ended_at });
  for (const row of orders) inner(facts.pending, row.account_id).set(row.month, 'order');
  for (const row of slips) for (const month of JSON.parse(row.months_json) as string[]) inner(facts.pending, row.account_id).set(month, 'slip');
  for (const row of paid) {
    if (!row.account_id) continue;
    push(facts.paidMonths, row.account_id, {
      accountId: row.account_id,
      month: row.month,
      state: row.state,
      amountCents: row.amount_cents,
      paymentId: row.id,
      receiptNo: Number(row.receipt_no),
      method: row.method as PaymentMethod,
    });
  }
  return facts;
}

/** The classes that have a plan, with their class rows. */
export function classesWithPlans(db: Db) {
  return db
    .selectFrom('fee_plans as p')
    .innerJoin('classes as c', 'c.id', 'p.class_id')
    .selectAll('p')
    .select(['c.name as class_name', 'c.folder_id', 'c.name_key'])
    .orderBy('c.name_key')
    .execute();
}

/** The first tagged folder of each month of a class (by folder id, so the same one every time). */
export async function monthFolders(db: Db, classId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('fee_folder_months').select(['folder_id', 'month']).where('class_id', '=', classId).orderBy('folder_id').execute();
  const byMonth = new Map<string, string>();
  for (const row of rows) if (!byMonth.has(row.month)) byMonth.set(row.month, row.folder_id);
  return byMonth;
}

/** The classes a student has any fee record in: payments, slips, cards, exceptions. */
export async function classesWithRecords(db: Db, accountId: string): Promise<Set<string>> {
  const [payments, slips, cards, exceptions] = await Promise.all([
    db.selectFrom('fee_payments').select('class_id').where('account_id', '=', accountId).distinct().execute(),
    db.selectFrom('fee_slips').select('class_id').where('account_id', '=', accountId).distinct().execute(),
    db.selectFrom('fee_free_cards').select('class_id').where('account_id', '=', accountId).distinct().execute(),
    db.selectFrom('fee_exceptions').select('class_id').where('account_id', '=', accountId).distinct().execute(),
  ]);
  return new Set([...payments, ...slips, ...cards, ...exceptions].map((row) => row.class_id));
}
