// A student's fees (fees.md 'What a student sees'): per class with a plan, the months of the class
// year with their state, amount, due day, grace end, folder and receipt; their payments and slips.
// An admin reads the same for any student, with their free cards and exceptions and the classes
// they only have records in (access lapsed, money kept).
import { FEES_TEXT, SERVER_TEXT, type MyFees, type StudentClassFees, type StudentFees } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import type { Reader } from '../class-material/fee-hooks';
import { openableClass, readerOf } from '../class-material/tree';
import type { FeesContext } from './context';
import { paymentViews } from './payment-views';
import { cardAnswer, exceptionAnswer } from './plan-service';
import * as repo from './repo';
import { cardCovers, sriLankaMonth } from './rules';
import { slipViews } from './slip-views';
import { monthsOfStudent, studentMonthAnswer } from './standing';
import { classFacts, classesWithPlans, classesWithRecords, monthFolders, type ClassFacts } from './standing-repo';
import { slipsOfStudent } from './slip-repo';

type MineDeps = Pick<FeesContext, 'db' | 'clock' | 'payhere'>;

/** The card a class's fees show: the one covering this month, else the latest still running, else none. */
function shownCard(cards: NonNullable<ReturnType<ClassFacts['cards']['get']>>, plan: repo.PlanRow, thisMonth: string) {
  const rules = repo.planRules(plan);
  const covering = cards.find((card) => cardCovers(card, rules, thisMonth));
  const running = [...cards].reverse().find((card) => card.endedAt === null);
  const card = covering ?? running;
  return card ? { id: card.id, kind: card.kind, fromMonth: card.fromMonth, untilMonth: card.untilMonth } : null;
}

async function classFees(db: Db, plan: Awaited<ReturnType<typeof classesWithPlans>>[number], accountId: string, now: number): Promise<StudentClassFees> {
  const rules = repo.planRules(plan);
  const [facts, folders] = await Promise.all([classFacts(db, plan.class_id, [accountId]), monthFolders(db, plan.class_id)]);
  return {
    classFolderId: plan.folder_id,
    className: plan.class_name,
    monthlyFee: plan.monthly_fee_cents / 100,
    dueDay: plan.due_day,
    graceDays: plan.grace_days,
    freeCard: shownCard(facts.cards.get(accountId) ?? [], plan, sriLankaMonth(now)),
    months: monthsOfStudent(rules, facts, accountId, now).map((month) => studentMonthAnswer(month, folders.get(month.month) ?? null)),
  };
}

/** The fees page of one student: the classes with a plan they may open (and, for an admin, any they have records in). */
async function feesOf(ctx: MineDeps, reader: Reader, options: { admin: boolean }): Promise<MyFees> {
  const now = ctx.clock();
  const [plans, recorded] = await Promise.all([classesWithPlans(ctx.db), options.admin ? classesWithRecords(ctx.db, reader.id) : Promise.resolve(new Set<string>())]);
  const shown: typeof plans = [];
  for (const plan of plans) {
    if (recorded.has(plan.class_id) || (await openableClass(ctx.db, reader, plan.folder_id))) shown.push(plan);
  }
  const [classes, paymentRows, slipRows] = await Promise.all([
    Promise.all(shown.map((plan) => classFees(ctx.db, plan, reader.id, now))),
    ctx.db.selectFrom('fee_payments').selectAll().where('account_id', '=', reader.id).orderBy('received_at', 'desc').orderBy('receipt_no', 'desc').execute(),
    slipsOfStudent(ctx.db, reader.id),
  ]);
  return {
    classes,
    payments: await paymentViews(ctx.db, paymentRows),
    slips: await slipViews(ctx.db, slipRows, options),
    onlinePayment: ctx.payhere !== null,
  };
}

/** `GET fees/mine`: the caller's own fees; an admin pays no fees (403). */
export async function myFees(ctx: MineDeps, account: SessionAccount): Promise<MyFees> {
  if (account.isAdmin) throw errors.forbidden(FEES_TEXT.onlyStudentsPay);
  return feesOf(ctx, await readerOf(ctx.db, account.id), { admin: false });
}

/** `GET fees/students/:studentId`: a student's fees as an admin sees them, with free cards and exceptions and who gave them. */
export async function studentFees(ctx: MineDeps, studentId: string): Promise<StudentFees> {
  const student = await repo.findStudent(ctx.db, studentId);
  if (!student) throw errors.notFound(SERVER_TEXT.studentNotFound);
  const reader = await readerOf(ctx.db, student.id);
  const [fees, cards, exceptions] = await Promise.all([
    feesOf(ctx, reader, { admin: true }),
    ctx.db.selectFrom('fee_free_cards').selectAll().where('account_id', '=', student.id).orderBy('created_at', 'desc').execute(),
    ctx.db.selectFrom('fee_exceptions').selectAll().where('account_id', '=', student.id).orderBy('month').execute(),
  ]);
  return {
    ...fees,
    student: { id: student.id, name: student.name, regNo: student.reg_no ?? '', batch: reader.batch, email: student.email },
    freeCards: await Promise.all(cards.map((card) => cardAnswer(ctx.db, card))),
    exceptions: await Promise.all(exceptions.map((exception) => exceptionAnswer(ctx.db, exception))),
  };
}
