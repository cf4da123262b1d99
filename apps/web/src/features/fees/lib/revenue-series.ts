import { addMonths, sriLankaMonth } from './months';

// The Revenue tab's figures: the server sends money received and refunded per month and class;
// the chart stacks one series per class and the table beside it reads the same numbers. Money in
// is counted by the Sri Lanka day it came, refunds and chargebacks subtracted in their own month
// (fees.md, 'The admins' fees screen').

export interface RevenueClass {
  classFolderId: string;
  className: string;
  receivedCents: number;
  refundedCents: number;
}

export interface RevenueMonth {
  month: string;
  classes: RevenueClass[];
}

export interface RevenueTable {
  /** Every class that had money in or out in the range, by name. */
  classes: { classFolderId: string; className: string }[];
  /** One row per month of the range, oldest first: each class's net cents in `classes` order, and the month's total. */
  rows: { month: string; netCents: number[]; totalCents: number }[];
  totalCents: number;
}

/** The answer as a table: a column per class, net of refunds, with totals. Months without money are rows of zeros. */
export function revenueTable(months: readonly RevenueMonth[]): RevenueTable {
  const names = new Map<string, string>();
  for (const month of months) for (const entry of month.classes) names.set(entry.classFolderId, entry.className);
  const classes = [...names].map(([classFolderId, className]) => ({ classFolderId, className })).sort((a, b) => a.className.localeCompare(b.className));
  const rows = [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((month) => {
      const net = new Map(month.classes.map((entry) => [entry.classFolderId, entry.receivedCents - entry.refundedCents]));
      const netCents = classes.map((entry) => net.get(entry.classFolderId) ?? 0);
      return { month: month.month, netCents, totalCents: netCents.reduce((sum, cents) => sum + cents, 0) };
    });
  return { classes, rows, totalCents: rows.reduce((sum, row) => sum + row.totalCents, 0) };
}

/** The last `count` Sri Lanka months up to this one, as the revenue call's `from` and `to`. */
export function lastMonths(count: number, now: Date = new Date()): { from: string; to: string } {
  const to = sriLankaMonth(now);
  return { from: addMonths(to, -(count - 1)), to };
}
