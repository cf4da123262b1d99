import {
  SERVER_TEXT,
  STUDENT_CSV_COLUMNS,
  type AccountState,
  type DeletedStudent,
  type Paging,
  type Student,
  type StudentListFilter,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { formatCsv } from '../../lib/csv';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit-log/service';
import { accountTarget } from './audit';
import * as repo from './repo';
import type { AccountRow } from './repo';
import { toStudent } from './service';

// The admin's actions on students. Routes let only admins in; these functions also
// never touch an admin account, so no admin can be suspended, deleted or listed here.

export async function listStudents(db: Db, query: StudentListFilter): Promise<{ data: Student[]; paging: Paging }> {
  const { rows, total } = await repo.listStudents(db, query, query);
  return { data: rows.map(toStudent), paging: { page: query.page, pageSize: query.pageSize, total } };
}

export async function listDeletedStudents(
  db: Db,
  query: Pick<StudentListFilter, 'search' | 'page' | 'pageSize'>,
): Promise<{ data: DeletedStudent[]; paging: Paging }> {
  const { rows, total } = await repo.listDeletedStudents(db, query, query);
  return {
    data: rows.map((row) => ({ ...toStudent(row), deletedAt: row.deleted_at ?? '' })),
    paging: { page: query.page, pageSize: query.pageSize, total },
  };
}

async function liveStudent(db: Db, id: string): Promise<Student> {
  const row = await repo.findLiveStudent(db, id);
  if (!row) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return toStudent(row);
}

interface StudentChange {
  /** The student as they are before the change; a live one unless said otherwise. */
  find?: (tx: Db, id: string) => Promise<AccountRow | undefined>;
  /** Answers false when nothing matched (404, nothing written). */
  change: (tx: Db, id: string, now: string) => Promise<boolean>;
  record: (row: AccountRow) => Omit<AuditRecord, 'target'>;
}

/** One admin change on a student (never an admin), in a transaction with its audit entry. */
async function changeStudent(db: Db, actor: AuditActor, id: string, { find = repo.findLiveStudent, change, record }: StudentChange): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    const row = await find(tx, id);
    if (!row || !(await change(tx, id, now))) throw errors.notFound(SERVER_TEXT.studentNotFound);
    await recordAudit(tx, actor, { target: accountTarget(row), ...record(row) });
  });
}

/** Suspending ends the student's sessions at once; reactivating gives everything back. */
export async function setState(db: Db, actor: AuditActor, id: string, state: AccountState): Promise<Student> {
  const reactivating = state === 'active';
  await changeStudent(db, actor, id, {
    change: (tx, _id, now) => repo.setStudentState(tx, id, state, now),
    record: (row) => ({
      action: reactivating ? 'student.reactivate' : 'student.suspend',
      summary: `${reactivating ? 'Reactivated' : 'Suspended'} ${row.name}`,
      detail: { before: row.account_state, after: state },
    }),
  });
  return liveStudent(db, id);
}

export async function deleteStudent(db: Db, actor: AuditActor, id: string): Promise<void> {
  await changeStudent(db, actor, id, {
    change: repo.softDeleteStudent,
    record: (row) => ({ action: 'student.delete', summary: `Deleted ${row.name}`, detail: { email: row.email, regNo: row.reg_no } }),
  });
}

export async function restoreStudent(db: Db, actor: AuditActor, id: string): Promise<Student> {
  try {
    await changeStudent(db, actor, id, {
      find: repo.findDeletedStudent,
      change: repo.restoreStudent,
      record: (row) => ({ action: 'student.restore', summary: `Restored ${row.name}`, detail: { email: row.email, deletedAt: row.deleted_at } }),
    });
  } catch (error) {
    // Someone registered with this e-mail after the deletion: the live e-mail index refuses.
    if (isUniqueViolation(error)) throw errors.conflict('email', SERVER_TEXT.restoreEmailTaken);
    throw error;
  }
  return liveStudent(db, id);
}

/** The filtered list as CSV, every matching row, in list order. */
/**
 * The filtered list as CSV. Every export is in the audit log (who took how many students' contact
 * details, with which filter): reading the whole list at once is what a leak looks like.
 */
export async function exportStudentsCsv(db: Db, actor: AuditActor, filter: Omit<StudentListFilter, 'page' | 'pageSize'>): Promise<string> {
  const rows = await repo.allStudents(db, filter);
  const filterDetail = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
  await recordAudit(db, actor, {
    action: 'student.export',
    target: { type: 'export', id: crypto.randomUUID(), label: 'CSV export' },
    summary: `Exported ${rows.length} ${rows.length === 1 ? 'student' : 'students'} as a CSV file`,
    detail: { rows: rows.length, filter: filterDetail },
  });
  return formatCsv(
    STUDENT_CSV_COLUMNS,
    rows.map((row) => {
      const student = toStudent(row);
      return STUDENT_CSV_COLUMNS.map((column) => String(student[column]));
    }),
  );
}
