import { STUDENTS_PATHS, type StudentExportBody } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';

/** Posts the filters and the admin's password, then hands the CSV to the browser as a download. */
export async function exportStudents(body: StudentExportBody): Promise<void> {
  const { blob, filename } = await apiDownload(STUDENTS_PATHS.exportCsv, body);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'students.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportStudentsMutation() {
  return useMutation({ mutationFn: exportStudents });
}
