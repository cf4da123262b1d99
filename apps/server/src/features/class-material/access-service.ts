import {
  CLASS_MATERIAL_TEXT,
  isAdmin,
  SERVER_TEXT,
  studentTypesReachedBy,
  type BatchAccessBody,
  type ClassStudent,
  type GiveAccessBody,
  type Grant,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { grantDetail, granteeOf, grantTarget } from './audit';
import * as repo from './repo';
import type { GrantRow } from './repo';
import { audienceOf, type ClassMaterialContext } from './tree';

// Who may open a class (PRODUCT.md 'Class material'). Grants are kept by lower-cased e-mail, or as
// a batch and class type rule, and are weighed when a student reads, against their account as it
// is then: a grant to an e-mail with no account applies once that e-mail registers, a batch rule
// reaches students who join the batch later, and a grant past its end date simply stops counting.

/** The academy is in Sri Lanka: an end date lasts to the end of that day there. */
const ACADEMY_UTC_OFFSET_MS = 5.5 * 60 * 60 * 1000;

function endOfDay(endsOn: string): string {
  return new Date(Date.parse(`${endsOn}T00:00:00Z`) + 86_400_000 - ACADEMY_UTC_OFFSET_MS - 1).toISOString();
}

function dayOf(endsAt: string): string {
  return new Date(Date.parse(endsAt) + ACADEMY_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

function endsAtFrom(endsOn: string | undefined, now: string): string | null {
  if (!endsOn) return null;
  const endsAt = endOfDay(endsOn);
  if (endsAt <= now) throw errors.field('endsOn', 'endsOn must be today or later');
  return endsAt;
}

function toGrant(row: GrantRow, now: string): Grant {
  return {
    id: row.id,
    className: row.class_name,
    email: row.email_key,
    batch: row.batch,
    classType: row.class_type,
    endsOn: row.ends_at ? dayOf(row.ends_at) : null,
    lapsed: row.ends_at !== null && row.ends_at <= now,
    createdAt: row.created_at,
  };
}

async function classNamed(db: Db, className: string) {
  const found = await repo.findClassByName(db, className);
  if (!found) throw errors.field('className', CLASS_MATERIAL_TEXT.classNotFound, 404);
  return found;
}

async function savedGrant(db: Db, id: string, now: string): Promise<Grant> {
  const row = await repo.findGrant(db, id);
  if (!row) throw new Error('a grant vanished right after it was written');
  return toGrant(row, now);
}

/** Writes a grant with its audit entry, in one transaction, and answers it as saved. */
async function grant(ctx: ClassMaterialContext, actor: AuditActor, className: string, endsOn: string | undefined, to: repo.NewGrant['to']): Promise<Grant> {
  const now = new Date().toISOString();
  const found = await classNamed(ctx.db, className);
  const endsAt = endsAtFrom(endsOn, now);
  const id = await ctx.db.transaction().execute(async (tx) => {
    const grantId = await repo.upsertGrant(tx, { classId: found.id, endsAt, now, to });
    const row = await repo.findGrant(tx, grantId);
    if (!row) throw new Error('a grant vanished right after it was written');
    await recordAudit(tx, actor, {
      action: 'access.grant',
      target: grantTarget(row),
      summary: `Gave ${row.class_name} to ${granteeOf(row)}${endsOn ? ` until ${endsOn}` : ''}`,
      detail: grantDetail(row),
    });
    return grantId;
  });
  return savedGrant(ctx.db, id, now);
}

/** Spec 'give-additional-access': a class for one e-mail, registered or not yet. */
export function giveAccess(ctx: ClassMaterialContext, actor: AuditActor, body: GiveAccessBody): Promise<Grant> {
  return grant(ctx, actor, body.className, body.endsOn, { emailKey: body.email.toLowerCase() });
}

/** A class for every student of a batch and class type, today's and tomorrow's. */
export function giveBatchAccess(ctx: ClassMaterialContext, actor: AuditActor, body: BatchAccessBody): Promise<Grant> {
  return grant(ctx, actor, body.className, body.endsOn, { batch: body.batch, classType: body.classType });
}

export async function revoke(ctx: ClassMaterialContext, actor: AuditActor, grantId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findGrant(tx, grantId);
    if (!row || !(await repo.deleteGrant(tx, grantId))) throw errors.notFound(CLASS_MATERIAL_TEXT.grantNotFound);
    await recordAudit(tx, actor, {
      action: 'access.revoke',
      target: grantTarget(row),
      summary: `Revoked ${row.class_name} from ${granteeOf(row)}`,
      detail: grantDetail(row),
    });
  });
}

/** The grants that reach a student: to their e-mail, or to their batch and class type. */
export async function studentGrants(ctx: ClassMaterialContext, studentId: string): Promise<Grant[]> {
  const student = await repo.findReader(ctx.db, studentId);
  if (!student || isAdmin(student.account_type)) throw errors.notFound(SERVER_TEXT.studentNotFound);
  const now = new Date().toISOString();
  return (await repo.grantsReaching(ctx.db, audienceOf(student))).map((row) => toGrant(row, now));
}

/** A class's grants, and the students they reach now. */
export async function classAccess(
  ctx: ClassMaterialContext,
  folderId: string,
): Promise<{ className: string; grants: Grant[]; students: ClassStudent[] }> {
  const found = await repo.findClassByFolder(ctx.db, folderId);
  if (!found) throw errors.notFound(CLASS_MATERIAL_TEXT.folderNotFound);
  const now = new Date().toISOString();
  const grants = (await repo.grantsOfClass(ctx.db, found.id)).map((row) => toGrant(row, now));
  const live = grants.filter((grant) => !grant.lapsed);
  const students = await repo.studentsReached(ctx.db, {
    emailKeys: live.flatMap((grant) => grant.email ?? []),
    rules: live.flatMap((grant) =>
      grant.batch && grant.classType ? [{ batch: grant.batch, classTypes: studentTypesReachedBy(grant.classType) }] : [],
    ),
  });
  return {
    className: found.name,
    grants,
    students: students.map((row) => ({
      studentId: row.id,
      name: row.name,
      email: row.email,
      regNo: row.reg_no ?? '',
      batch: row.batch,
      classType: row.class_type,
      accountState: row.account_state,
    })),
  };
}
