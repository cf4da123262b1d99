// Where one student stands with each fee month of one class, from the class's facts
// (standing-repo.ts) and the rules' `monthStanding`: the one place `mine`, a student's fees, the
// month screen and the overview get a month's state, amount and receipt from.
import type { PaymentMethod, StudentMonth } from '@academy/contract';
import { cardForMonth, monthStanding, previousFeeMonth, type MonthStanding, type PlanRules } from './rules';
import type { ClassFacts, PaidMonthRow } from './standing-repo';

export interface MonthOfStudent extends MonthStanding {
  month: string;
  pending: 'slip' | 'order' | null;
  /** Under a half card. */
  half: boolean;
  /** The live payment of the month, if paid. */
  payment: { id: string; receiptNo: number; method: PaymentMethod; amountCents: number } | null;
  /** Its last payment was charged back and nothing pays it now. */
  reversed: boolean;
}

/** Every month of the plan for one student, in the plan's order. */
export function monthsOfStudent(plan: PlanRules, facts: ClassFacts, accountId: string, now: number): MonthOfStudent[] {
  const openings = facts.openings.get(accountId) ?? new Map();
  const cards = facts.cards.get(accountId) ?? [];
  const pending = facts.pending.get(accountId) ?? new Map<string, 'slip' | 'order'>();
  const paid = facts.paidMonths.get(accountId) ?? [];
  return plan.months.map((month) => {
    const previous = previousFeeMonth(plan, month);
    const card = cardForMonth(cards, plan, month);
    const standing = monthStanding(
      { sources: openings.get(month) ?? [], previousOpened: previous !== null && (openings.get(previous)?.length ?? 0) > 0, card, pending: pending.get(month) ?? null },
      month,
      plan,
      now,
    );
    const ofMonth = paid.filter((row: PaidMonthRow) => row.month === month);
    const live = ofMonth.find((row) => row.state === 'paid');
    return {
      ...standing,
      month,
      pending: standing.state === 'pending' ? (pending.get(month) ?? null) : null,
      half: card?.kind === 'half',
      payment: live ? { id: live.paymentId, receiptNo: live.receiptNo, method: live.method, amountCents: live.amountCents } : null,
      reversed: !live && ofMonth.at(-1)?.state === 'charged-back',
    };
  });
}

/** A month as `mine` and a student's fees answer it. */
export function studentMonthAnswer(month: MonthOfStudent, monthFolderId: string | null): StudentMonth {
  return {
    month: month.month,
    state: month.state,
    access: month.access,
    overdue: month.overdue,
    amountCents: month.payment ? month.payment.amountCents : month.amountCents,
    dueOn: month.dueOn,
    graceEndsOn: month.graceEndsOn,
    monthFolderId,
    ...(month.pending ? { pending: month.pending } : {}),
    ...(month.payment ? { receiptNo: month.payment.receiptNo, paymentId: month.payment.id } : {}),
    ...(month.reversed ? { reversed: true } : {}),
  };
}
