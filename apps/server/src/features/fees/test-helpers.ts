// Shared by the fees tests: a class's plan and month folders through the API, a clock the test
// moves across due dates and grace ends, and an opening written straight into the database for
// tests whose subject is not how a month was paid.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DriveItem, FeePlan, FeePlanBody, OpeningSource } from '@academy/contract';
import type { Db } from '../../db/database';
import { createSubfolder, type Headers } from '../class-material/test-helpers';
import { addOpenings } from './openings';

/** A clock the test sets and moves; hand `clock.now` to the app as `feesClock`. */
export function feeClock(start: number | string = Date.now()) {
  let current = typeof start === 'string' ? Date.parse(start) : start;
  return {
    now: () => current,
    set(at: number | string) {
      current = typeof at === 'string' ? Date.parse(at) : at;
    },
    advance(ms: number) {
      current += ms;
    },
  };
}
export type FeeClock = ReturnType<typeof feeClock>;

/** Sets a class's plan (2,500 rupees, November and December 2026, due the 10th, 5 grace days, unless told). */
export async function feePlan(app: FastifyInstance, admin: Headers, classFolderId: string, plan: Partial<FeePlanBody> = {}): Promise<FeePlan> {
  const payload = { monthlyFee: 2500, months: ['2026-11', '2026-12'], dueDay: 10, graceDays: 5, ...plan };
  const response = await app.inject({ method: 'PUT', url: `/api/fees/classes/${encodeURIComponent(classFolderId)}`, headers: admin, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: FeePlan }>().data;
}

/** Tags a folder with a month (null removes the tag), as the admin's Month… menu does. */
export function tagFolder(app: FastifyInstance, admin: Headers, folderId: string, month: string | null) {
  return app.inject({ method: 'PUT', url: `/api/fees/folders/${encodeURIComponent(folderId)}/month`, headers: admin, payload: { month } });
}

/** A new folder in `parentId` tagged with `month`. */
export async function monthFolder(app: FastifyInstance, admin: Headers, parentId: string, month: string, name = `Month ${month}`): Promise<DriveItem> {
  const folder = await createSubfolder(app, admin, parentId, name);
  const response = await tagFolder(app, admin, folder.id, month);
  expect(response.statusCode, response.body).toBe(200);
  return folder;
}

/** The class row's id of a class folder. */
export async function classIdOf(db: Db, classFolderId: string): Promise<string> {
  return (await db.selectFrom('classes').select('id').where('folder_id', '=', classFolderId).executeTakeFirstOrThrow()).id;
}

/**
 * Opens a month for a student as a payment would (an opening row, no payment): for tests of the
 * access rule, not of paying. Answers the opening's source id, to remove it again.
 */
export async function openMonth(
  db: Db,
  opening: { classFolderId: string; accountId: string; month: string; source?: OpeningSource; sourceId?: string },
): Promise<string> {
  const sourceId = opening.sourceId ?? crypto.randomUUID();
  const classId = await classIdOf(db, opening.classFolderId);
  await addOpenings(db, [{ classId, accountId: opening.accountId, month: opening.month, source: opening.source ?? 'payment', sourceId }]);
  return sourceId;
}
