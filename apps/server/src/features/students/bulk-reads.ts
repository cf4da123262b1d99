import type { StudentListFilter } from '@academy/contract';
import type { Db } from '../../db/database';
import { recordAudit, type AuditActor } from '../audit-log/service';

// Bulk reads of the students list are audited (ASVS 8.3.5, docs/audit-log.md 'Bulk reads'), as the
// CSV export is: one answer carrying more than a class's worth of students, or a page past the
// first DEEP_PAGE_ROWS of a listing (someone walking the whole list). Ordinary browsing (a
// search, the first pages at the usual sizes) writes nothing, so the log is not flooded.

/** More students than this in one answer is a bulk read: the 100-row page size, not 10, 25 or 50. */
export const BULK_READ_ROWS = 50;
/** A page whose first row lies past this many is a walk through the list, whatever its size. */
export const DEEP_PAGE_ROWS = 200;

export function isBulkRead(query: Pick<StudentListFilter, 'page' | 'pageSize'>, rows: number): boolean {
  if (rows > BULK_READ_ROWS) return true;
  return rows > 0 && (query.page - 1) * query.pageSize >= DEEP_PAGE_ROWS;
}

/** The entry of one bulk read: who, the filter, the page and how many students it carried. */
export async function auditBulkRead(db: Db, actor: AuditActor, query: StudentListFilter, rows: number): Promise<void> {
  const { page, pageSize, ...filter } = query;
  const filterDetail = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
  await recordAudit(db, actor, {
    action: 'student.bulk-read',
    target: { type: 'export', id: crypto.randomUUID(), label: 'Student list page' },
    summary: `Read ${rows} ${rows === 1 ? 'student' : 'students'} of the student list (page ${page}, ${pageSize} a page)`,
    detail: { rows, page, pageSize, filter: filterDetail },
  });
}
