import { STUDENTS_PATHS, type StudentExportQuery } from '@academy/contract';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { queryString } from '../lib/query-string';

/** Fetches the CSV with the session's token, then hands it to the browser as a download. */
export async function exportStudents(query: StudentExportQuery): Promise<void> {
  const { blob, filename } = await apiDownload(`${STUDENTS_PATHS.exportCsv}${queryString(query)}`);
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
