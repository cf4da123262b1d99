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
import { errors } from '../../lib/errors';
import { formatCsv } from './csv';
import * as repo from './repo';
import { toStudent } from './service';

// The admin's actions on students (issue 3). Routes let only admins in; these functions also
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

/** Suspending ends the student's sessions at once; reactivating gives everything back. */
export async function setState(db: Db, id: string, state: AccountState): Promise<Student> {
  const changed = await repo.setStudentState(db, id, state, new Date().toISOString());
  if (!changed) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return liveStudent(db, id);
}

export async function deleteStudent(db: Db, id: string): Promise<void> {
  const deleted = await repo.softDeleteStudent(db, id, new Date().toISOString());
  if (!deleted) throw errors.notFound(SERVER_TEXT.studentNotFound);
}

export async function restoreStudent(db: Db, id: string): Promise<Student> {
  let restored: boolean;
  try {
    restored = await repo.restoreStudent(db, id, new Date().toISOString());
  } catch (error) {
    // Someone registered with this e-mail after the deletion: the live e-mail index refuses.
    if (isUniqueViolation(error)) throw errors.conflict('email', SERVER_TEXT.restoreEmailTaken);
    throw error;
  }
  if (!restored) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return liveStudent(db, id);
}

/** The filtered list as CSV, every matching row, in list order. */
export async function exportStudentsCsv(db: Db, filter: Omit<StudentListFilter, 'page' | 'pageSize'>): Promise<string> {
  const rows = await repo.allStudents(db, filter);
  return formatCsv(
    STUDENT_CSV_COLUMNS,
    rows.map((row) => {
      const student = toStudent(row);
      return STUDENT_CSV_COLUMNS.map((column) => String(student[column]));
    }),
  );
}
