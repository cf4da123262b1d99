import { t } from 'i18next';
import { receiptNumberLabel, type DriveItemFee, type FeeAccessState, type FeePendingKind, type MonthState, type StudentMonth } from '@academy/contract';
import { formatMoney } from './money';
import { monthLabel, shortDayLabel } from './months';

// The one line that says where a student stands with a fee month (docs/fees.md 'What a
// student sees'), for the drive's month card, the lock panel and the student's fees alike:
// open; "Open until 15 Nov: pay November to keep it" (grace); "LKR 2,500.00 · due 10 Nov"
// (locked); "Bank slip under review" or "PayHere is processing" while something is pending.

/** What the line is made from: a listing's `fee` or a month of `fees/mine`. */
export interface MonthStanding {
  month: string;
  /** May the student open the month now. */
  access: FeeAccessState;
  /** From `fees/mine`: paid, free, an exception, pending or unpaid. */
  state?: MonthState;
  amountCents?: number;
  dueOn?: string;
  graceEndsOn?: string;
  pending?: FeePendingKind;
  overdue?: boolean;
  receiptNo?: number;
  reversed?: boolean;
}

/** A listing's `fee` as a standing (a student's listing always carries the state; an admin's carries none). */
export function standingOfItem(fee: DriveItemFee): MonthStanding {
  return { month: fee.month, access: fee.state ?? 'open', amountCents: fee.amountCents, dueOn: fee.dueOn, graceEndsOn: fee.graceEndsOn, pending: fee.pending };
}

/** A month of `fees/mine` as a standing. */
export function standingOfMonth(month: StudentMonth): MonthStanding {
  return month;
}

/** Whether the month can be paid now: not open for good, and nothing already waiting on it. */
export function payable(standing: MonthStanding): boolean {
  if (standing.pending) return false;
  if (standing.state) return standing.state === 'unpaid';
  return standing.access !== 'open';
}

function openLine(standing: MonthStanding): string {
  if (standing.state === 'paid' && standing.receiptNo !== undefined) return t('fees.paidLine', { number: receiptNumberLabel(standing.receiptNo) });
  if (standing.state === 'paid') return t('fees.statePaid');
  if (standing.state === 'free') return t('fees.stateFree');
  if (standing.state === 'exception') return t('fees.stateException');
  return t('fees.stateOpen');
}

function amountLine(standing: MonthStanding): string {
  if (standing.amountCents === undefined || standing.dueOn === undefined) return t('fees.stateLocked');
  const words = { amount: formatMoney(standing.amountCents), day: shortDayLabel(standing.dueOn) };
  return standing.overdue ? t('fees.overdueLine', words) : t('fees.lockedLine', words);
}

/** The month's line in the reader's language. */
export function feeStateLine(standing: MonthStanding): string {
  if (standing.access === 'open') return openLine(standing);
  if (standing.pending === 'slip') return t('fees.slipUnderReview');
  if (standing.pending === 'order') return t('fees.payhereProcessing');
  if (standing.access === 'grace' && standing.graceEndsOn) {
    return t('fees.graceLine', { day: shortDayLabel(standing.graceEndsOn), month: monthLabel(standing.month) });
  }
  if (standing.reversed) return t('fees.bankReversed');
  return amountLine(standing);
}
