// Fee plans, month folders, free cards and exceptions (docs/fees.md 'Fee plans and month
// folders', 'Words'): each change is written with its audit entry and its `fee_openings` rows in
// one transaction, so the gate never sees a card without its openings or openings without a card.
import {
  CLASS_MATERIAL_TEXT,
  FEES_TEXT,
  FOLDER_MIME_TYPE,
  monthStaysMessage,
  planStaysMessage,
  SERVER_TEXT,
  type FeeException,
  type FeePlan,
  type FreeCard,
  type MonthFolder,
} from '@academy/contract';
import { isUniqueViolation } from '../../db/database';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { classTarget, itemTarget } from '../class-material/audit';
import type { ClassRow } from '../class-material/fee-hooks';
import { locate, readerOf } from '../class-material/tree';
import { accountTarget } from '../students/audit';
import type { FeesContext } from './context';
import { rupeesToCents } from './money';
import { addOpenings, removeOpenings } from './openings';
import * as repo from './repo';
import { cardCovers, cardMonths, classYear, isPlanMonth, sriLankaMonth, type PlanRules } from './rules';

type PlanDeps = Pick<FeesContext, 'db' | 'material' | 'clock'>;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function conflict(message: string): AppError {
  return new AppError(409, message);
}

function monthNotInPlan(field: string): AppError {
  return errors.field(field, `${field} ${FEES_TEXT.monthNotInPlan}`);
}

/** The class whose folder this is: class fees are set on a class folder, never a folder inside one. */
export async function classOfFolder(db: Db, folderId: string): Promise<ClassRow> {
  const found = await repo.findClassByFolder(db, folderId);
  if (!found) throw errors.notFound(FEES_TEXT.classNotFound);
  return found;
}

async function planOf(db: Db, classId: string): Promise<{ row: repo.PlanRow; rules: PlanRules }> {
  const row = await repo.findPlan(db, classId);
  if (!row) throw conflict(FEES_TEXT.setPlanFirst);
  return { row, rules: repo.planRules(row) };
}

async function studentOf(db: Db, studentId: string) {
  const student = await repo.findStudent(db, studentId);
  if (!student) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return student;
}

export function planAnswer(row: repo.PlanRow): FeePlan {
  return {
    monthlyFee: row.monthly_fee_cents / 100,
    months: JSON.parse(row.months_json) as string[],
    dueDay: row.due_day,
    graceDays: row.grace_days,
    updatedAt: row.updated_at,
  };
}

// ---- Plans ----

/** A class's plan (or null) and its month folders, named as the store has them now. */
export async function readClassFees(ctx: PlanDeps, folderId: string): Promise<{ plan: FeePlan | null; monthFolders: MonthFolder[] }> {
  const classRow = await classOfFolder(ctx.db, folderId);
  const [plan, tags] = await Promise.all([repo.findPlan(ctx.db, classRow.id), repo.tagsOfClass(ctx.db, classRow.id)]);
  const monthFolders: MonthFolder[] = [];
  for (const tag of tags) {
    const found = await ctx.material.store.stat(tag.folder_id).catch(() => null);
    if (found) monthFolders.push({ folderId: tag.folder_id, name: found.item.name, month: tag.month });
  }
  monthFolders.sort((a, b) => a.month.localeCompare(b.month) || a.name.localeCompare(b.name));
  return { plan: plan ? planAnswer(plan) : null, monthFolders };
}

/** The full cards' openings follow the plan's months: a month added to the plan opens to them, one removed closes. */
async function rewriteCardOpenings(tx: Db, classId: string, plan: PlanRules): Promise<void> {
  for (const card of await repo.fullCardsOfClass(tx, classId)) {
    await removeOpenings(tx, 'free-card', card.id);
    await addOpenings(
      tx,
      cardMonths(repo.cardRules(card), plan).map((month) => ({ classId, accountId: card.account_id, month, source: 'free-card' as const, sourceId: card.id })),
    );
  }
}

/** Sets or changes a class's plan. A month with money, an order, a slip or an exception on it stays (409 naming it). */
export interface PlanInput {
  monthlyFee: number;
  months: string[];
  dueDay: number;
  graceDays: number;
}

export async function savePlan(ctx: PlanDeps, actor: AuditActor, folderId: string, body: PlanInput): Promise<FeePlan> {
  const classRow = await classOfFolder(ctx.db, folderId);
  const now = iso(ctx.clock());
  const months = [...body.months];
  const rules: PlanRules = { monthlyFeeCents: rupeesToCents(body.monthlyFee), months, dueDay: body.dueDay, graceDays: body.graceDays };
  const { firstMonth, lastMonth } = classYear(rules);
  return ctx.db.transaction().execute(async (tx) => {
    const before = await repo.findPlan(tx, classRow.id);
    const removed = before ? (JSON.parse(before.months_json) as string[]).filter((month) => !months.includes(month)) : [];
    const kept = await repo.monthsInUse(tx, classRow.id, removed);
    if (kept.length > 0) throw conflict(monthStaysMessage(kept));
    const row: repo.PlanRow = {
      class_id: classRow.id,
      monthly_fee_cents: rules.monthlyFeeCents,
      months_json: JSON.stringify(months),
      first_month: firstMonth,
      last_month: lastMonth,
      due_day: body.dueDay,
      grace_days: body.graceDays,
      updated_by: actor.id,
      created_at: before?.created_at ?? now,
      updated_at: now,
    };
    await repo.upsertPlan(tx, row);
    await rewriteCardOpenings(tx, classRow.id, rules);
    await recordAudit(tx, actor, {
      action: 'fee.plan',
      target: classTarget(classRow),
      summary: `Set the fees of ${classRow.name}`,
      detail: {
        monthlyFee: body.monthlyFee,
        months,
        dueDay: body.dueDay,
        graceDays: body.graceDays,
        ...(before ? { before: planAnswer(before) } : {}),
      },
    });
    return planAnswer(row);
  });
}

/** Removes a class's plan while nothing was ever paid, ordered or submitted under it; its tags, cards and exceptions go with it. */
export async function deletePlan(ctx: PlanDeps, actor: AuditActor, folderId: string): Promise<void> {
  const classRow = await classOfFolder(ctx.db, folderId);
  await ctx.db.transaction().execute(async (tx) => {
    const plan = await repo.findPlan(tx, classRow.id);
    if (!plan) return;
    if (await repo.classHasMoney(tx, classRow.id)) throw conflict(planStaysMessage());
    await repo.deletePlan(tx, classRow.id);
    await recordAudit(tx, actor, {
      action: 'fee.plan-delete',
      target: classTarget(classRow),
      summary: `Removed the fees of ${classRow.name}`,
      detail: { before: planAnswer(plan) },
    });
  });
}

// ---- Month folders ----

/** Tags a folder inside a class with one of the plan's months, or removes its tag (null). */
export async function setFolderMonth(ctx: PlanDeps, actor: AuditActor, folderId: string, month: string | null): Promise<{ folderId: string; month: string | null }> {
  const found = await locate(ctx.material, await readerOf(ctx.db, actor.id), folderId, () => errors.notFound(CLASS_MATERIAL_TEXT.folderNotFound));
  if (found.item.mimeType !== FOLDER_MIME_TYPE) throw errors.notFound(CLASS_MATERIAL_TEXT.folderNotFound);
  if (found.isClassFolder) throw conflict(FEES_TEXT.classFolderNotMonth);
  const { classRow, item } = found;
  const plan = await repo.findPlan(ctx.db, classRow.id);
  if (month !== null) {
    if (!plan) throw conflict(FEES_TEXT.setPlanFirst);
    if (!isPlanMonth(repo.planRules(plan), month)) throw monthNotInPlan('month');
  }
  await ctx.db.transaction().execute(async (tx) => {
    if (month === null) await repo.removeTag(tx, item.id);
    else await repo.setTag(tx, { folder_id: item.id, class_id: classRow.id, month, set_by: actor.id, set_at: iso(ctx.clock()) });
    await recordAudit(tx, actor, {
      action: 'fee.month-tag',
      target: itemTarget(item, classRow),
      summary: month === null ? `Removed the month of ${item.name}` : `Set the month of ${item.name} to ${month}`,
      detail: { className: classRow.name, month },
    });
  });
  return { folderId: item.id, month };
}

// ---- Free cards ----

export async function cardAnswer(db: Db, row: repo.CardRow, classRow?: Pick<ClassRow, 'folder_id' | 'name'>): Promise<FreeCard> {
  const owner = classRow ?? (await db.selectFrom('classes').select(['folder_id', 'name']).where('id', '=', row.class_id).executeTakeFirstOrThrow());
  const names = await repo.namesOf(db, [row.created_by, row.ended_by]);
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  return {
    id: row.id,
    studentId: row.account_id,
    classFolderId: owner.folder_id,
    className: owner.name,
    kind: row.kind === 'half' ? 'half' : 'full',
    fromMonth: row.from_month,
    untilMonth: row.until_month,
    reason: row.reason,
    createdBy: person(row.created_by),
    createdAt: row.created_at,
    endedBy: person(row.ended_by),
    endedAt: row.ended_at,
  };
}

export interface FreeCardInput {
  studentId: string;
  folderId: string;
  kind: 'full' | 'half';
  fromMonth: string;
  untilMonth?: string | null | undefined;
  reason: string;
}

/** A full card opens its months at once (its openings); a half card halves what the student is charged. */
export async function createFreeCard(ctx: PlanDeps, actor: AuditActor, input: FreeCardInput): Promise<FreeCard> {
  const classRow = await classOfFolder(ctx.db, input.folderId);
  const student = await studentOf(ctx.db, input.studentId);
  const { rules } = await planOf(ctx.db, classRow.id);
  if (!isPlanMonth(rules, input.fromMonth)) throw monthNotInPlan('fromMonth');
  if (input.untilMonth && !isPlanMonth(rules, input.untilMonth)) throw monthNotInPlan('untilMonth');
  const row: repo.CardRow = {
    id: crypto.randomUUID(),
    class_id: classRow.id,
    account_id: student.id,
    kind: input.kind,
    from_month: input.fromMonth,
    until_month: input.untilMonth ?? null,
    reason: input.reason,
    created_by: actor.id,
    created_at: iso(ctx.clock()),
    ended_by: null,
    ended_at: null,
  };
  const months = cardMonths(repo.cardRules(row), rules);
  await ctx.db.transaction().execute(async (tx) => {
    // One card per month: overlapping cards would leave a month's amount to chance.
    const others = await repo.cardsOf(tx, classRow.id, student.id);
    if (others.some((other) => months.some((month) => cardCovers(repo.cardRules(other), rules, month)))) throw conflict(FEES_TEXT.freeCardOverlaps);
    await repo.insertCard(tx, row);
    if (row.kind === 'full') {
      await addOpenings(tx, months.map((month) => ({ classId: classRow.id, accountId: student.id, month, source: 'free-card' as const, sourceId: row.id })));
    }
    await recordAudit(tx, actor, {
      action: 'fee.free-card',
      target: accountTarget(student),
      summary: `Gave ${student.name} a ${row.kind} free card for ${classRow.name}`,
      detail: { className: classRow.name, kind: row.kind, fromMonth: row.from_month, untilMonth: row.until_month, reason: row.reason },
    });
  });
  return cardAnswer(ctx.db, row, classRow);
}

/** Ends a card with the current month: months already covered stay; later ones close (full) or cost the full fee (half). */
export async function endFreeCard(ctx: PlanDeps, actor: AuditActor, cardId: string): Promise<FreeCard> {
  const now = ctx.clock();
  const ended = await ctx.db.transaction().execute(async (tx) => {
    const card = await repo.findCard(tx, cardId);
    if (!card) throw errors.notFound(FEES_TEXT.freeCardNotFound);
    if (card.ended_at) throw conflict(FEES_TEXT.freeCardEndedAlready);
    const plan = await repo.findPlan(tx, card.class_id);
    const rules = plan ? repo.planRules(plan) : null;
    const current = sriLankaMonth(now);
    const lastCovered = card.until_month ?? (rules ? classYear(rules).lastMonth : current);
    const untilMonth = lastCovered < current ? lastCovered : current;
    await repo.endCard(tx, card.id, { untilMonth, endedBy: actor.id, endedAt: iso(now) });
    const after = rules ? rules.months.filter((month) => month > untilMonth) : [];
    if (card.kind === 'full') await removeOpenings(tx, 'free-card', card.id, after);
    const student = await studentOf(tx, card.account_id).catch(() => null);
    const classRow = await tx.selectFrom('classes').select(['id', 'name']).where('id', '=', card.class_id).executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      action: 'fee.free-card-end',
      target: student ? accountTarget(student) : { type: 'student', id: card.account_id, label: card.account_id },
      summary: `Ended the free card of ${student?.name ?? card.account_id} for ${classRow.name}`,
      detail: { className: classRow.name, cardId: card.id, kind: card.kind, untilMonth },
    });
    return { ...card, until_month: untilMonth, ended_by: actor.id, ended_at: iso(now) };
  });
  return cardAnswer(ctx.db, ended);
}

// ---- Exceptions ----

export async function exceptionAnswer(db: Db, row: repo.ExceptionRow, classRow?: Pick<ClassRow, 'folder_id' | 'name'>): Promise<FeeException> {
  const owner = classRow ?? (await db.selectFrom('classes').select(['folder_id', 'name']).where('id', '=', row.class_id).executeTakeFirstOrThrow());
  const names = await repo.namesOf(db, [row.created_by]);
  return {
    id: row.id,
    studentId: row.account_id,
    classFolderId: owner.folder_id,
    className: owner.name,
    month: row.month,
    reason: row.reason,
    createdBy: row.created_by ? { id: row.created_by, name: names.get(row.created_by) ?? '' } : null,
    createdAt: row.created_at,
  };
}

/** Opens one month for one student without payment ("pays next week"). */
export async function createException(
  ctx: PlanDeps,
  actor: AuditActor,
  input: { studentId: string; folderId: string; month: string; reason: string },
): Promise<FeeException> {
  const classRow = await classOfFolder(ctx.db, input.folderId);
  const student = await studentOf(ctx.db, input.studentId);
  const { rules } = await planOf(ctx.db, classRow.id);
  if (!isPlanMonth(rules, input.month)) throw monthNotInPlan('month');
  const row: repo.ExceptionRow = {
    id: crypto.randomUUID(),
    class_id: classRow.id,
    account_id: student.id,
    month: input.month,
    reason: input.reason,
    created_by: actor.id,
    created_at: iso(ctx.clock()),
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insertException(tx, row);
      await addOpenings(tx, [{ classId: classRow.id, accountId: student.id, month: row.month, source: 'exception', sourceId: row.id }]);
      await recordAudit(tx, actor, {
        action: 'fee.exception',
        target: accountTarget(student),
        summary: `Opened ${row.month} of ${classRow.name} for ${student.name}`,
        detail: { className: classRow.name, month: row.month, reason: row.reason, exceptionId: row.id },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FEES_TEXT.exceptionExists);
    throw error;
  }
  return exceptionAnswer(ctx.db, row, classRow);
}

/** Ends an exception: its row and its opening go; the audit log keeps who, when and why. */
export async function endException(ctx: PlanDeps, actor: AuditActor, exceptionId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findException(tx, exceptionId);
    if (!row) throw errors.notFound(FEES_TEXT.exceptionNotFound);
    await repo.deleteException(tx, row.id);
    await removeOpenings(tx, 'exception', row.id);
    const student = await studentOf(tx, row.account_id).catch(() => null);
    const classRow = await tx.selectFrom('classes').select(['id', 'name']).where('id', '=', row.class_id).executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      action: 'fee.exception-end',
      target: student ? accountTarget(student) : { type: 'student', id: row.account_id, label: row.account_id },
      summary: `Ended the opening of ${row.month} of ${classRow.name} for ${student?.name ?? row.account_id}`,
      detail: { className: classRow.name, month: row.month, reason: row.reason, exceptionId: row.id },
    });
  });
}
