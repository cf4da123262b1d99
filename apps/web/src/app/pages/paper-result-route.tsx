import { ResultPage } from '../../features/papers/components/result-page';
import { useStudentQuery } from '../../features/students/api/get-student';
import { readSession } from '../../lib/session';

/**
 * /papers/:paperId/result: the papers feature's result page, its review watermarked with the reader's
 * name and regNo, which the students feature holds (the session keeps no regNo).
 */
export function PaperResultRoute() {
  const student = useStudentQuery(readSession()?.id ?? null).data;
  return <ResultPage watermark={student ? { name: student.name, regNo: student.regNo } : undefined} />;
}
