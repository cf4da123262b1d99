import { isAdmin } from '@academy/contract';
import { QuestionSheetPage } from '../../features/papers/components/written-sheet-page';
import { useStudentQuery } from '../../features/students/api/get-student';
import { readSession } from '../../lib/session';

/**
 * /papers/:paperId/written/sheet: the question sheet, with the moving mark of the reader's name and
 * regNo over it, which the students feature holds (the session keeps no regNo). An admin reads the
 * clean sheet, unmarked.
 */
export function QuestionSheetRoute() {
  const session = readSession();
  const admin = isAdmin(session?.accountType);
  const student = useStudentQuery(admin ? null : (session?.id ?? null)).data;
  return <QuestionSheetPage watermark={student ? { name: student.name, regNo: student.regNo } : undefined} />;
}
