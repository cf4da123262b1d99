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

/** Spec 'give-additional-access': a class for one e-mail, registered or not yet. */
export async function giveAccess(ctx: ClassMaterialContext, body: GiveAccessBody): Promise<Grant> {
  const now = new Date().toISOString();
  const found = await classNamed(ctx.db, body.className);
  const endsAt = endsAtFrom(body.endsOn, now);
  const id = await repo.upsertGrant(ctx.db, { classId: found.id, endsAt, now, to: { emailKey: body.email.toLowerCase() } });
  return savedGrant(ctx.db, id, now);
}

/** A class for every student of a batch and class type, today's and tomorrow's. */
export async function giveBatchAccess(ctx: ClassMaterialContext, body: BatchAccessBody): Promise<Grant> {
  const now = new Date().toISOString();
  const found = await classNamed(ctx.db, body.className);
  const endsAt = endsAtFrom(body.endsOn, now);
  const to = { batch: body.batch, classType: body.classType };
  const id = await repo.upsertGrant(ctx.db, { classId: found.id, endsAt, now, to });
  return savedGrant(ctx.db, id, now);
}

export async function revoke(ctx: ClassMaterialContext, grantId: string): Promise<void> {
  if (!(await repo.deleteGrant(ctx.db, grantId))) throw errors.notFound(CLASS_MATERIAL_TEXT.grantNotFound);
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
