// The time and money rules of class fees (docs/fees.md 'Time', 'The access rule', 'Money').
// Pure: the services read the rows and the server's clock, these rules decide. Sri Lanka keeps
// UTC+05:30 all year with no daylight saving, so its days and months are worked out by shifting
// the instant and reading the UTC fields: the machine's own time zone never enters.
import type { FeeAccessState, FreeCardKind, MonthState, OpeningSource } from '@academy/contract';

const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** What the rules need of a class's plan. `months` is sorted, distinct, non-empty. */
export interface PlanRules {
  monthlyFeeCents: number;
  months: readonly string[];
  dueDay: number;
  graceDays: number;
}

/** What the rules need of a free card: its kind and the months it covers. */
export interface CardRules {
  kind: FreeCardKind;
  fromMonth: string;
  /** Null: to the end of the class year. */
  untilMonth: string | null;
}

function parts(month: string): { year: number; monthIndex: number } {
  const [year, monthNumber] = month.split('-').map(Number);
  return { year: year ?? 0, monthIndex: (monthNumber ?? 1) - 1 };
}

/** The instant a Sri Lanka calendar day starts (the day may overflow the month: Date.UTC rolls it on). */
function sriLankaDayStart(year: number, monthIndex: number, day: number): number {
  return Date.UTC(year, monthIndex, day) - SRI_LANKA_OFFSET_MS;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** The Sri Lanka month of an instant, `YYYY-MM`. */
export function sriLankaMonth(instant: number): string {
  const clock = new Date(instant + SRI_LANKA_OFFSET_MS);
  return `${clock.getUTCFullYear()}-${twoDigits(clock.getUTCMonth() + 1)}`;
}

/** The Sri Lanka day of an instant, `YYYY-MM-DD`. */
export function sriLankaDay(instant: number): string {
  const clock = new Date(instant + SRI_LANKA_OFFSET_MS);
  return `${clock.getUTCFullYear()}-${twoDigits(clock.getUTCMonth() + 1)}-${twoDigits(clock.getUTCDate())}`;
}

/** The month after `month`, `YYYY-MM`. */
export function nextMonth(month: string): string {
  const { year, monthIndex } = parts(month);
  const date = new Date(Date.UTC(year, monthIndex + 1, 1));
  return `${date.getUTCFullYear()}-${twoDigits(date.getUTCMonth() + 1)}`;
}

export function isPlanMonth(plan: Pick<PlanRules, 'months'>, month: string): boolean {
  return plan.months.includes(month);
}

/**
 * The plan's month before `month` in the plan's own list (a class that skips August counts July
 * before September); null for the first month, or a month outside the plan.
 */
export function previousFeeMonth(plan: Pick<PlanRules, 'months'>, month: string): string | null {
  const index = plan.months.indexOf(month);
  return index > 0 ? (plan.months[index - 1] ?? null) : null;
}

/** The class year's first and last month. */
export function classYear(plan: Pick<PlanRules, 'months'>): { firstMonth: string; lastMonth: string } {
  const firstMonth = plan.months[0];
  const lastMonth = plan.months[plan.months.length - 1];
  if (!firstMonth || !lastMonth) throw new Error('A fee plan has at least one month');
  return { firstMonth, lastMonth };
}

/** The instant the due day of `month` starts (00:00 Sri Lanka time). */
export function dueStart(plan: Pick<PlanRules, 'dueDay'>, month: string): number {
  const { year, monthIndex } = parts(month);
  return sriLankaDayStart(year, monthIndex, plan.dueDay);
}

/** The instant the due day of `month` ends: after it, an unpaid month is overdue. */
export function dueEnd(plan: Pick<PlanRules, 'dueDay'>, month: string): number {
  return dueStart(plan, month) + DAY_MS - 1;
}

/** The grace end of `month`: the end (23:59:59.999 Sri Lanka time) of the day `dueDay + graceDays`. */
export function graceEnd(plan: Pick<PlanRules, 'dueDay' | 'graceDays'>, month: string): number {
  const { year, monthIndex } = parts(month);
  return sriLankaDayStart(year, monthIndex, plan.dueDay + plan.graceDays + 1) - 1;
}

/** The first instant after the class year: the start of the month after the plan's last, Sri Lanka time. */
export function classYearEnd(plan: Pick<PlanRules, 'months'>): number {
  const { year, monthIndex } = parts(classYear(plan).lastMonth);
  return sriLankaDayStart(year, monthIndex + 1, 1);
}

/**
 * The access rule for one tagged fee month M (fees.md 'The access rule'): an opening of M opens it
 * until the class year ends; an opening of the previous fee month opens it until M's grace end.
 */
export function decide(opened: { month: boolean; previous: boolean }, month: string, plan: PlanRules, now: number): FeeAccessState {
  if (opened.month && now < classYearEnd(plan)) return 'open';
  if (opened.previous && previousFeeMonth(plan, month) !== null && now <= graceEnd(plan, month)) return 'grace';
  return 'locked';
}

/** Whether a card covers `month`: from its first month to its last, or to the class year's end. */
export function cardCovers(card: CardRules, plan: Pick<PlanRules, 'months'>, month: string): boolean {
  const until = card.untilMonth ?? classYear(plan).lastMonth;
  return card.fromMonth <= month && month <= until;
}

/** The months of the plan a card covers. */
export function cardMonths(card: CardRules, plan: Pick<PlanRules, 'months'>): string[] {
  return plan.months.filter((month) => cardCovers(card, plan, month));
}

/** The first card (of one student and class) covering `month`, or null. */
export function cardForMonth<T extends CardRules>(cards: readonly T[], plan: Pick<PlanRules, 'months'>, month: string): T | null {
  return cards.find((card) => cardCovers(card, plan, month)) ?? null;
}

/**
 * What one month costs a student: the fee, half of it (the smaller half cent) under a half card,
 * nothing under a full one. `card` is the card covering the month, if any.
 */
export function monthAmountCents(plan: Pick<PlanRules, 'monthlyFeeCents'>, card: Pick<CardRules, 'kind'> | null): number {
  if (!card) return plan.monthlyFeeCents;
  return card.kind === 'full' ? 0 : Math.floor(plan.monthlyFeeCents / 2);
}

/** What one student has on one fee month, as the services read it. */
export interface MonthFacts {
  /** The sources of the student's openings of this month. */
  sources: readonly OpeningSource[];
  /** Whether the student has any opening of the previous fee month. */
  previousOpened: boolean;
  /** The card covering this month, if any. */
  card: Pick<CardRules, 'kind'> | null;
  /** A slip under review or a PayHere payment pending for this month. */
  pending: 'slip' | 'order' | null;
}

export interface MonthStanding {
  state: MonthState;
  access: FeeAccessState;
  overdue: boolean;
  amountCents: number;
  /** Instants, ISO-8601: the due day's start and the grace end. */
  dueOn: string;
  graceEndsOn: string;
}

/**
 * Where a student stands with one fee month (`GET fees/mine`, a student's fees, the class month):
 * paid before free before exception before pending before unpaid; whether they may open it now;
 * whether it is unpaid past its due day; what it costs them.
 */
export function monthStanding(facts: MonthFacts, month: string, plan: PlanRules, now: number): MonthStanding {
  const state: MonthState = facts.sources.includes('payment')
    ? 'paid'
    : facts.sources.includes('free-card')
      ? 'free'
      : facts.sources.includes('exception')
        ? 'exception'
        : facts.pending
          ? 'pending'
          : 'unpaid';
  const access = decide({ month: facts.sources.length > 0, previous: facts.previousOpened }, month, plan, now);
  return {
    state,
    access,
    overdue: (state === 'unpaid' || state === 'pending') && now > dueEnd(plan, month),
    amountCents: monthAmountCents(plan, facts.card),
    dueOn: new Date(dueStart(plan, month)).toISOString(),
    graceEndsOn: new Date(graceEnd(plan, month)).toISOString(),
  };
}
