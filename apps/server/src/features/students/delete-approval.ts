import { SERVER_TEXT, type ApprovalRequest } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import type { AuditActor } from '../audit-log/service';
import type { Approvals } from '../approvals/service';
import * as repo from './repo';

// Deleting a student waits for a second admin (features/approvals, ASVS 4.3.3): the Delete button
// makes the request, and the approval carries out admin-service.ts deleteStudent.

/** The pending request to delete a live student (404 for anyone else, an admin included). */
export async function askToDeleteStudent(db: Db, approvals: Approvals, actor: AuditActor, id: string): Promise<ApprovalRequest> {
  const row = await repo.findLiveStudent(db, id);
  if (!row) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return approvals.request(actor, { action: 'student.delete', targetId: row.id, label: row.name, keywords: [row.email, row.reg_no] });
}
