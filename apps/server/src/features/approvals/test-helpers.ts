import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../db/database';
import { signIn } from '../../../test/factories';
import { ensureAdmin } from '../students/service';

// Deletions of students and classes wait for a second admin (service.ts). Tests that delete one
// have a second test admin approve it, as an academy with two admins would.

export type Headers = Record<string, string>;

export const SECOND_ADMIN = { email: 'second-tutor@academy.test', password: 'second-tutor-password-1', name: 'Second Tutor' };

/** The second test admin (made on first use), signed in. */
export async function secondAdminHeaders(app: FastifyInstance, db: Db): Promise<Headers> {
  await ensureAdmin(db, SECOND_ADMIN, { resetPassword: false });
  const login = await signIn(app, SECOND_ADMIN.email, SECOND_ADMIN.password);
  return { authorization: `Bearer ${login.token}` };
}

/** Approves a pending deletion as the second test admin: the answer of the approval. */
export async function approveAsSecondAdmin(app: FastifyInstance, db: Db, approvalId: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/approvals/${approvalId}/approve`, headers: await secondAdminHeaders(app, db), payload: { password: SECOND_ADMIN.password } });
}

/**
 * Sends a deletion and, when it waits for approval (202), has the second test admin approve it:
 * the approval's answer (200 once deleted). Any other answer (a 404, a refusal) comes back as it is.
 */
export async function deleteApproved(app: FastifyInstance, db: Db, request: InjectOptions): Promise<LightMyRequestResponse> {
  const asked = await app.inject(request);
  if (asked.statusCode !== 202) return asked;
  const approvalId = (asked.json() as { data: { id: string } }).data.id;
  const approved = await approveAsSecondAdmin(app, db, approvalId);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved;
}
