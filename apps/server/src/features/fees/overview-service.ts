// The admins' fees screen (fees.md 'The admins' fees screen'): the overview grid (per class with a
// plan, per fee month, who has paid), one class month with its students by state, and revenue per
// Sri Lanka month with refunds and chargebacks subtracted in the month they happened.
import { FEES_TEXT, type ClassMonth, type ClassMonthQuery, type FeesOverview, type MonthCounts, type Revenue, type RevenueQuery } from '@academy/contract';
import { errors } from '../../lib/errors';
import { classAccess } from '../class-material/access-service';
import { readerOf } from '../class-material/tree';
import type { FeesContext } from './context';
import { feeClassOf } from './fee-class';
import { classFolders } from './payments-repo';
import { findPlan, planRules } from './repo';
import { nextMonth, sriLankaMonth, type PlanRules } from './rules';
import { monthsOfStudent, type MonthOfStudent } from './standing';
import { classFacts, classesWithPlans, type ClassFacts } from './standing-repo';
import * as repo from './overview-repo';

type OverviewDeps = Pick<FeesContext, 'db' | 'material' | 'clock'>;

export interface RosterStudent {
  studentId: string;
  name: string;
  regNo: string;
  batch: string;
}

/**
 * The students a class's fees count: the active students its grants reach now, and anyone who has
 * paid, holds a card or has a slip or order waiting in it (a payer whose access lapsed still counts
 * as paid), by batch then name.
 */
export async function rosterOf(ctx: OverviewDeps, classFolderId: string, facts: ClassFacts): Promise<RosterStudent[]> {
  const { students } = await classAccess(ctx.material, classFolderId);
  const roster = new Map<string, RosterStudent>();
  for (const student of students) {
    if (student.accountState === 'active') roster.set(student.studentId, { studentId: student.studentId, name: student.name, regNo: student.regNo, batch: student.batch });
  }
  const others = [...new Set([...facts.paidMonths.keys(), ...facts.openings.keys(), ...facts.cards.keys(), ...facts.pending.keys()])].filter((id) => !roster.has(id));
  for (const row of await repo.liveStudents(ctx.db, others)) roster.set(row.id, { studentId: row.id, name: row.name, regNo: row.reg_no ?? '', batch: row.batch });
  return [...roster.values()].sort((a, b) => a.batch.localeCompare(b.batch) || a.name.localeCompare(b.name));
}

function emptyCounts(month: string, students: number): MonthCounts {
  return { month, students, paid: 0, pending: 0, free: 0, half: 0, exception: 0, unpaid: 0, paidCents: 0, dueCents: 0 };
}

/** One student's month added to its counts: paid money is what was paid; due is what unpaid and pending months still cost. */
function count(counts: MonthCounts, month: MonthOfStudent): void {
  counts[month.state] += 1;
  if (month.half) counts.half += 1;
  if (month.payment) counts.paidCents += month.payment.amountCents;
  if (month.state === 'unpaid' || month.state === 'pending') counts.dueCents += month.amountCents;
}

/** Every student's months of one class, by student id. */
function standings(plan: PlanRules, facts: ClassFacts, roster: readonly RosterStudent[], now: number): Map<string, MonthOfStudent[]> {
  return new Map(roster.map((student) => [student.studentId, monthsOfStudent(plan, facts, student.studentId, now)]));
}

/** `GET fees/overview`: a row per class with a plan, a cell per fee month. */
export async function overview(ctx: OverviewDeps): Promise<FeesOverview> {
  const now = ctx.clock();
  const classes: FeesOverview['classes'] = [];
  for (const planRow of await classesWithPlans(ctx.db)) {
    const plan = planRules(planRow);
    const facts = await classFacts(ctx.db, planRow.class_id);
    const roster = await rosterOf(ctx, planRow.folder_id, facts);
    const byStudent = standings(plan, facts, roster, now);
    const months = plan.months.map((month) => emptyCounts(month, roster.length));
    for (const studentMonths of byStudent.values()) studentMonths.forEach((month, index) => count(months[index] as MonthCounts, month));
    classes.push({ classFolderId: planRow.folder_id, className: planRow.class_name, months });
  }
  return { classes };
}

/** `GET fees/classes/:folderId/months/:month`: the counts and every student of the month, filtered by state when asked. */
export async function classMonth(ctx: OverviewDeps, adminId: string, folderId: string, month: string, query: ClassMonthQuery): Promise<ClassMonth> {
  const classRow = await feeClassOf(ctx, await readerOf(ctx.db, adminId), folderId);
  const planRow = await findPlan(ctx.db, classRow.id);
  if (!planRow) throw errors.conflict('folderId', FEES_TEXT.setPlanFirst);
  const plan = planRules(planRow);
  if (!plan.months.includes(month)) throw errors.field('month', `month ${FEES_TEXT.monthNotInPlan}`);
  const facts = await classFacts(ctx.db, classRow.id);
  const [roster, reminded] = await Promise.all([rosterOf(ctx, classRow.folder_id, facts), repo.remindersOf(ctx.db, classRow.id, month)]);
  const counts = emptyCounts(month, roster.length);
  const students: ClassMonth['students'] = [];
  for (const student of roster) {
    const standing = monthsOfStudent(plan, facts, student.studentId, ctx.clock()).find((item) => item.month === month);
    if (!standing) continue;
    count(counts, standing);
    if (query.state && standing.state !== query.state) continue;
    const remindedAt = reminded.get(student.studentId);
    students.push({
      ...student,
      state: standing.state,
      half: standing.half,
      amountCents: standing.payment ? standing.payment.amountCents : standing.amountCents,
      ...(standing.payment ? { method: standing.payment.method, receiptNo: standing.payment.receiptNo, paymentId: standing.payment.id } : {}),
      ...(remindedAt ? { remindedAt } : {}),
    });
  }
  return { classFolderId: classRow.folder_id, className: classRow.name, counts, students };
}

/** The months from `from` to `to`, both included. */
function monthRange(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/**
 * `GET fees/revenue`: money received per Sri Lanka month of receipt and class; refunds and
 * chargebacks in the month they were recorded or reported (revenue is money in, by when it came).
 */
export async function revenue(ctx: OverviewDeps, query: RevenueQuery): Promise<Revenue> {
  const [received, refunds, chargebacks] = await Promise.all([
    repo.receivedByMonth(ctx.db, `${query.from}-01`, `${query.to}-31`),
    repo.refundsSince(ctx.db, monthStartIso(query.from)),
    repo.chargebacksSince(ctx.db, monthStartIso(query.from)),
  ]);
  const folders = await classFolders(ctx.db, [...received, ...refunds, ...chargebacks].map((row) => row.classId));
  const cells = new Map<string, Map<string, { classFolderId: string; className: string; receivedCents: number; refundedCents: number }>>();
  const cell = (month: string, classId: string, className: string) => {
    const ofMonth = cells.get(month) ?? new Map();
    cells.set(month, ofMonth);
    const found = ofMonth.get(classId) ?? { classFolderId: folders.get(classId) ?? '', className, receivedCents: 0, refundedCents: 0 };
    ofMonth.set(classId, found);
    return found;
  };
  for (const row of received) cell(row.month, row.classId, row.className).receivedCents += row.cents;
  for (const row of [...refunds, ...chargebacks]) {
    const month = sriLankaMonth(Date.parse(row.at));
    if (month >= query.from && month <= query.to) cell(month, row.classId, row.className).refundedCents += row.cents;
  }
  return {
    months: monthRange(query.from, query.to).map((month) => ({
      month,
      classes: [...(cells.get(month)?.values() ?? [])].sort((a, b) => a.className.localeCompare(b.className)),
    })),
  };
}

/** The instant a Sri Lanka month starts (00:00 on the 1st, +05:30), a little early: rows are filtered by their Sri Lanka month after. */
function monthStartIso(month: string): string {
  return new Date(Date.parse(`${month}-01T00:00:00.000Z`) - 6 * 3_600_000).toISOString();
}
